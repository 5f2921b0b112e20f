// Form fields with their label, an optional hint and the validation message next to them, tied together with
// aria-describedby so a screen reader reads the error with the field.

import type { ComponentChildren } from 'preact';

interface FieldProps {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
}

function describedBy(id: string, hint?: string, error?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

function Messages({ id, hint, error }: Omit<FieldProps, 'label'>) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} class="meta">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} class="field-error" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  );
}

export function TextField(
  props: FieldProps & {
    value: string;
    /** Shown as dots (the API key); the field's own button can reveal it. */
    masked?: boolean;
    /** The on-screen keyboard to offer; validation is ours (validateDraft), not the browser's. */
    inputMode?: 'numeric' | 'decimal' | 'url';
    onValue(value: string): void;
    /** The person left the field (it is saved as typed when valid; see settings-view.tsx). */
    onLeave?(): void;
    children?: ComponentChildren;
  },
) {
  const { id, label, hint, error, value, onValue, onLeave } = props;
  const common = {
    id,
    value,
    inputMode: props.inputMode,
    autoComplete: 'off',
    spellcheck: false,
    'aria-invalid': error ? ('true' as const) : undefined,
    'aria-describedby': describedBy(id, hint, error),
    onInput: (event: Event) => onValue((event.currentTarget as HTMLInputElement).value),
    onBlur: onLeave,
  };
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <div class="field-row">
        {props.masked ? <input type="password" {...common} /> : <input type="text" {...common} />}
        {props.children}
      </div>
      <Messages id={id} hint={hint} error={error} />
    </div>
  );
}

export function CheckField(props: FieldProps & { checked: boolean; onValue(checked: boolean): void }) {
  const { id, label, hint, error, checked, onValue } = props;
  return (
    <div class="field check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => onValue(event.currentTarget.checked)}
      />
      <label for={id}>{label}</label>
      <Messages id={id} hint={hint} error={error} />
    </div>
  );
}

export function SelectField<V extends string>(
  props: FieldProps & {
    value: V;
    options: readonly { value: V; label: string }[];
    /** Shown, and not choosable, while the value is none of the options (a model typed by hand). */
    placeholder?: string;
    onValue(value: V): void;
  },
) {
  const { id, label, hint, error, value, options, placeholder, onValue } = props;
  const listed = options.some((option) => option.value === value);
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <select
        id={id}
        value={listed || placeholder === undefined ? value : ''}
        aria-describedby={describedBy(id, hint, error)}
        onChange={(event) => {
          const chosen = options.find((option) => option.value === event.currentTarget.value);
          if (chosen) onValue(chosen.value);
        }}
      >
        {placeholder !== undefined && !listed && (
          <option value="" disabled>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Messages id={id} hint={hint} error={error} />
    </div>
  );
}

/** Several lines of text (a list, one entry per line). */
export function TextAreaField(
  props: FieldProps & { value: string; rows?: number; onValue(value: string): void; onLeave?(): void },
) {
  const { id, label, hint, error, value, onValue, onLeave } = props;
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <textarea
        id={id}
        rows={props.rows ?? 3}
        value={value}
        autoComplete="off"
        spellcheck={false}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onInput={(event) => onValue(event.currentTarget.value)}
        onBlur={onLeave}
      />
      <Messages id={id} hint={hint} error={error} />
    </div>
  );
}
