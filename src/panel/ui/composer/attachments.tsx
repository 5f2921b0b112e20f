import { useRef } from 'preact/hooks';
import { describeSize, MAX_FILE_BYTES } from '../../agent';
import { useAttachments } from '../../store/attachments';
import { t } from '../i18n';

/**
 * Files for the next message: a button that opens the file picker, and the picked files as chips (name, size), each
 * with a remove button. Dropping files on the composer adds them too (task-box.tsx). The model hears their names,
 * sizes and types, never their bytes; the bytes stay in this panel's memory for the task (decision 0022).
 */
export function AttachmentChips() {
  const pending = useAttachments((s) => s.pending);
  const tooLarge = useAttachments((s) => s.tooLarge);
  const add = useAttachments((s) => s.add);
  const remove = useAttachments((s) => s.remove);
  const picker = useRef<HTMLInputElement>(null);
  const attach = useRef<HTMLButtonElement>(null);
  return (
    <div class="attachments">
      <input
        ref={picker}
        id="attach-input"
        data-testid="attach-input"
        type="file"
        multiple
        hidden
        aria-label={t('attachFiles')}
        onChange={(event) => {
          add(Array.from(event.currentTarget.files ?? []));
          event.currentTarget.value = '';
        }}
      />
      <button ref={attach} type="button" data-testid="attach" onClick={() => picker.current?.click()}>
        {t('attachFiles')}
      </button>
      {pending.length > 0 && (
        <ul class="chips" aria-label={t('attachedFiles')} data-testid="attachments">
          {pending.map(({ id, file }) => (
            <li key={id} class="chip">
              <span>
                {file.name} · {describeSize(file.size)}
              </span>
              <button
                type="button"
                aria-label={t('removeAttachment', file.name)}
                onClick={() => {
                  remove(id);
                  // The pressed button goes away with its chip: focus stays in the composer, not on the page body.
                  attach.current?.focus();
                }}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <p class="meta" role="status">
        {tooLarge.map((name) => t('attachmentTooLarge', name, describeSize(MAX_FILE_BYTES))).join(' ')}
        {pending.length > 0 && tooLarge.length === 0 ? t('attachmentsKept') : ''}
      </p>
    </div>
  );
}
