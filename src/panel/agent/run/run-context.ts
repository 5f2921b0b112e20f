// The run context: what one run of a task (its first instruction, or a follow-up) works with, built once when the run
// begins (controller.ts) and then only read: by the loop, by the model call, and by every tool through the narrower
// ToolRun. Several tasks at once means one of these per task.

import type { AgentModel } from '../model/agent-model';
import type { NetHold } from '../sites/net-hold';
import type { AgentEvent } from '../task/events';
import type { TaskState } from '../task/task-state';
import type { ToolRun } from '../tools/types';

export interface RunContext extends ToolRun {
  readonly task: TaskState;
  readonly model: AgentModel;
  /** The task's network hold (net-hold.ts); absent where the panel has none (unit tests). */
  readonly hold?: NetHold;
  emit(event: AgentEvent): void;
  /** Marks one step's untrusted page content (its observation and the results of its tool calls). */
  nonce(): string;
}
