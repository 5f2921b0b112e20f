// A file of saved tasks (issue 30): what the panel exports, and the only shape an import accepts. The file is checked
// whole before anything is kept: a wrong or newer file is refused with the reason, never half-imported.

import { z } from 'zod';
import { SAVED_TASK_FORMAT, SAVED_TASK_VERSION, type SavedTask } from './saved-task';

export const SAVED_FILE_FORMAT = 'steadyhand-saved-tasks';

const EFFECTS = [
  'navigation',
  'dom_change',
  'focus_change',
  'state_change',
  'value_change',
  'scroll',
  'new_window',
  'none',
] as const;

const text = z.string().max(20_000);
const step = z
  .object({
    intent: text,
    tool: z.string().min(1).max(40),
    args: z.record(z.string(), z.unknown()),
    target: z
      .object({ role: z.string().max(60), name: text, nth: z.number().int().min(0), count: z.number().int().min(1) })
      .strict()
      .optional(),
    place: z
      .object({ origin: z.string().max(2_000), path: z.string().max(2_000) })
      .strict()
      .nullable(),
    effects: z.array(z.enum(EFFECTS)),
    sideEffect: z.boolean(),
    tokens: z.number().min(0).optional(),
  })
  .strict();

const savedTask = z
  .object({
    format: z.literal(SAVED_TASK_FORMAT),
    version: z.literal(SAVED_TASK_VERSION),
    id: z.string().min(1).max(64),
    title: z.string().min(1).max(300),
    instruction: text,
    variables: z.array(
      z
        .object({ name: z.string().min(1).max(40), example: z.string().max(2_000), secret: z.boolean().optional() })
        .strict(),
    ),
    startUrl: z.string().max(4_000).nullable(),
    steps: z.array(step).min(1).max(500),
    done: z
      .object({
        evidence: z
          .object({ quotes: z.array(z.string().max(300)).max(5).optional(), urlContains: z.string().optional() })
          .strict(),
        verifiedAs: z.enum(['outcome', 'reading']).optional(),
      })
      .strict(),
    fromTaskId: z.string().max(64),
    createdAt: z.number(),
    updatedAt: z.number(),
    schedule: z
      .object({ everyMinutes: z.number().min(1), firstAt: z.number(), lastRunAt: z.number().optional() })
      .strict()
      .optional(),
  })
  .strict();

const file = z.object({ format: z.literal(SAVED_FILE_FORMAT), version: z.number().int(), tasks: z.array(z.unknown()) });

/** One stored saved task, or null when it is not one (storage is read task by task: one bad entry loses no other). */
export function readSavedTask(item: unknown): SavedTask | null {
  const parsed = savedTask.safeParse(item);
  if (!parsed.success || parsed.data.variables.some((v) => v.secret && v.example !== '')) return null;
  return parsed.data as SavedTask;
}

export function savedTasksFile(tasks: readonly SavedTask[]): string {
  return `${JSON.stringify({ format: SAVED_FILE_FORMAT, version: SAVED_TASK_VERSION, tasks }, null, 2)}\n`;
}

/** Why a file was not imported, as a code the panel says in the person's language, with what it is about. */
export type ImportRefusalCode = 'not_json' | 'not_saved_file' | 'newer_version' | 'invalid_task' | 'secret_in_file';

export interface ImportRefusal {
  code: ImportRefusalCode;
  detail?: string;
}

export type ReadFile = { tasks: SavedTask[] } | { refused: ImportRefusal };

/** The saved tasks of a file, all of them or none (with the reason). */
export function readSavedTasksFile(content: string): ReadFile {
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch {
    return { refused: { code: 'not_json' } };
  }
  const outer = file.safeParse(json);
  if (!outer.success) return { refused: { code: 'not_saved_file' } };
  if (outer.data.version > SAVED_TASK_VERSION) {
    return { refused: { code: 'newer_version', detail: String(outer.data.version) } };
  }
  const tasks: SavedTask[] = [];
  for (const [i, item] of outer.data.tasks.entries()) {
    const parsed = savedTask.safeParse(item);
    const where = String(i + 1);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return { refused: { code: 'invalid_task', detail: `${where} (${issue?.path.join('.') || '-'})` } };
    }
    if (parsed.data.variables.some((v) => v.secret && v.example !== '')) {
      return { refused: { code: 'secret_in_file', detail: where } };
    }
    tasks.push(parsed.data as SavedTask);
  }
  return { tasks };
}
