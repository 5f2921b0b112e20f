import { useEffect, useState } from 'preact/hooks';
import { useSettings } from '../../store/settings';
import type { TaskRecord } from '../../store/task-record';
import { t } from '../i18n';
import { formatCost, tokensIn, uiLocale } from '../status-text';
import { activityOf, clockText, stepsOfLatestTurn } from './progress';

/** Re-renders every second while `on`, for the elapsed time. */
function useTick(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [on]);
  return now;
}

/**
 * One line over the composer while a task runs: what it is doing now, the step against the limit, the time since it
 * started, tokens and cost. Not a live region: it changes too often to be read out (the live region announces steps
 * and endings).
 */
export function ProgressLine({ record }: { record: TaskRecord }) {
  const maxSteps = useSettings((s) => s.settings.maxSteps);
  const now = useTick(record.status === 'running');
  if (record.status !== 'running') return null;
  const metrics = record.metrics;
  const tokens = metrics ? tokensIn(metrics) + metrics.tokens.output : 0;
  return (
    <div class="progress-line" data-testid="progress-line">
      <p class="progress-now" data-testid="progress-now">
        <span class="pulse" aria-hidden="true" />
        {activityOf(record)}
      </p>
      <p class="progress-facts meta">
        <span data-testid="progress-step">{t('progressStep', stepsOfLatestTurn(record), maxSteps)}</span>
        <span data-testid="progress-elapsed">{clockText(now - record.startedAt)}</span>
        <span data-testid="progress-tokens">{t('progressTokens', tokens.toLocaleString(uiLocale()))}</span>
        {metrics && <span data-testid="progress-cost">{formatCost(metrics.costUsd)}</span>}
      </p>
    </div>
  );
}
