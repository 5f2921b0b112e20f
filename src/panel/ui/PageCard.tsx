import { usePageView } from '../store/page-view';

const STATUS_TEXT = {
  idle: 'No tab',
  loading: 'Reading…',
  ready: 'Connected',
  restricted: 'Off limits',
  unavailable: 'Not reachable',
} as const;

/** The tab the person is looking at, as the content script reports it through the relay. */
export function PageCard() {
  const tabId = usePageView((s) => s.tabId);
  const info = usePageView((s) => s.info);
  const status = usePageView((s) => s.status);
  const message = usePageView((s) => s.message);
  return (
    <section class="card" aria-labelledby="page-heading" data-testid="page-card" data-status={status}>
      <h2 id="page-heading">This tab</h2>
      <p class={`badge badge-${status}`} data-testid="page-status">
        {STATUS_TEXT[status]}
      </p>
      {info && (
        <dl>
          <dt>Title</dt>
          <dd data-testid="page-title">{info.title || '(untitled)'}</dd>
          <dt>Address</dt>
          <dd data-testid="page-url" class="url">
            {info.url}
          </dd>
          <dt>Loading state</dt>
          <dd data-testid="page-ready-state">{info.readyState}</dd>
        </dl>
      )}
      {message && status !== 'ready' && <p class="note">{message}</p>}
      <p class="meta" data-testid="page-tab-id">
        {tabId === null ? '' : `Tab ${tabId}`}
      </p>
    </section>
  );
}
