// An action whose only lasting effect was a download is verified by it (src/panel/agent/run/download-report.ts): a
// click that found nothing changed, or only DOM changes the page put back (decision 0019), and a download completed.

import { describe, expect, it } from 'vitest';
import { withDownloads } from '../../../../src/panel/agent/run/download-report';
import type { CallResult } from '../../../../src/panel/agent/tools/execute';
import type { ActionEffect } from '../../../../src/shared/page-types';

function failedClick(effects: ActionEffect[]): CallResult {
  return {
    id: 'call-1',
    name: 'click',
    input: { ref: 3 },
    outcome: 'failed_verify',
    isError: true,
    mayNavigate: true,
    text: 'click: failed_verify',
    brief: 'failed_verify',
    verification: { verified: false, effects, reason: 'nothing stayed different' },
  } as unknown as CallResult;
}

const INVOICE = { id: 1, name: 'invoice.pdf', size: 120, mime: 'application/pdf', state: 'complete' } as const;

describe('a download as the effect of an action', () => {
  it('verifies a click that changed nothing, or only what the page put back, by the download it started', () => {
    for (const effects of [['none'], ['dom_change']] as ActionEffect[][]) {
      const result = withDownloads(failedClick(effects), [INVOICE]);
      expect(result).toMatchObject({ outcome: 'ok', isError: false, brief: 'ok (download)' });
      expect(result.verification?.verified).toBe(true);
    }
  });

  it('leaves a failure of another kind as it was, with the download told beside it', () => {
    const result = withDownloads(failedClick(['value_change']), [INVOICE]);
    expect(result).toMatchObject({ outcome: 'failed_verify', isError: true });
    expect(result.pageText).toContain('invoice.pdf');
  });
});
