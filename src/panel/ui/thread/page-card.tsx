import { type PageViewStatus, usePageView } from '../../store/page-view';
import { type MessageKey, t } from '../i18n';

const STATUS_TEXT: Record<PageViewStatus, MessageKey> = {
  idle: 'pageStatusIdle',
  loading: 'pageStatusLoading',
  ready: 'pageStatusReady',
  restricted: 'pageStatusRestricted',
  unavailable: 'pageStatusUnavailable',
};

/** The tab the person is looking at, as the content script reports it through the relay. */
export function PageCard() {
  const tabId = usePageView((s) => s.tabId);
  const info = usePageView((s) => s.info);
  const status = usePageView((s) => s.status);
  const message = usePageView((s) => s.message);
  return (
    <section class="card" aria-labelledby="page-heading" data-testid="page-card" data-status={status}>
      <h2 id="page-heading">{t('pageHeading')}</h2>
      <p class={`badge badge-${status}`} data-testid="page-status">
        {t(STATUS_TEXT[status])}
      </p>
      {info && (
        <dl>
          <dt>{t('pageTitle')}</dt>
          <dd data-testid="page-title">{info.title || t('untitled')}</dd>
          <dt>{t('pageAddress')}</dt>
          <dd data-testid="page-url" class="url">
            {info.url}
          </dd>
          <dt>{t('pageLoadingState')}</dt>
          <dd data-testid="page-ready-state">{info.readyState}</dd>
        </dl>
      )}
      {message && status !== 'ready' && <p class="note">{message}</p>}
      <p class="meta" data-testid="page-tab-id">
        {tabId === null ? '' : t('tabNumber', tabId)}
      </p>
    </section>
  );
}
