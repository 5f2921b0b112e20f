// The task history as chrome.storage.local holds it (an index and one key per task: src/panel/store/history-layout.ts),
// read from a panel page: what the next panel loads.

import type { Page } from 'playwright-core';
import { assembleHistory, isHistoryKey, RecordCodec } from '../../src/panel/store/history-layout';
import type { TaskRecord } from '../../src/panel/store/task-record';

export async function storedHistory(panel: Page): Promise<{ tasks: Record<string, TaskRecord>; order: string[] }> {
  const all = await panel.evaluate(async () => (await chrome.storage.local.get(null)) as Record<string, unknown>);
  const keys = new Map(
    Object.entries(all).filter(
      (entry): entry is [string, string] => isHistoryKey(entry[0]) && typeof entry[1] === 'string',
    ),
  );
  const stored = assembleHistory((key) => keys.get(key), new RecordCodec());
  return { tasks: stored?.state.tasks ?? {}, order: stored?.state.order ?? [] };
}
