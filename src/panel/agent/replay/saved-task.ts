// A saved task (issue 30): a verified run kept as steps a replay can play without the model and check one by one.
// The contract between the replay engine (replay-model.ts and its neighbours), the saved-tasks store and the panel's
// list; it is also the file format of an export. Targets are kept by the snapshot's own identity (role, name,
// position among their likes: run/target-identity.ts), never by ref numbers, which never repeat (decision 0002);
// variables are lifted out by name; secrets are never stored.

import type { ActionEffect } from '../../../shared/page-types';
import type { Schedule } from '../../../shared/schedules';
import type { DoneEvidence, TargetIdentity } from '../task/events';

export type { TargetIdentity };

export const SAVED_TASK_FORMAT = 'steadyhand-saved-task';
/** Bump with any change of meaning of a field, and migrate older files on import. */
export const SAVED_TASK_VERSION = 1;

/** Where a step must be before it acts: the page's origin and path (the query and hash may differ between runs). */
export interface StepPlace {
  origin: string;
  path: string;
}

/** The place of a page at `url`: its origin and path; null for no page or one that is not http(s). */
export function placeOf(url: string | null): StepPlace | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol.startsWith('http') ? { origin: parsed.origin, path: parsed.pathname } : null;
  } catch {
    return null;
  }
}

export interface SavedStep {
  /** One line a person reads: what the step is for (the model's words in that step, or the action and its target). */
  intent: string;
  /** The tool, as the model called it (click, type, select_option, open_url, …). */
  tool: string;
  /** The call's input without `ref` (the target says which element); variable values written as `{name}`. */
  args: Record<string, unknown>;
  /** The element the call named by ref, when it named one. */
  target?: TargetIdentity;
  /** The precondition's place; null when the first run had no page (a new tab before it loaded). */
  place: StepPlace | null;
  /** The kinds of effect the first run's verification saw after the action; a replay must see one of them again. */
  effects: ActionEffect[];
  /**
   * The step may have had an effect outside the page that must not happen twice (an order, a payment, a post, a
   * submitted form): after a mismatch it is never replayed blind; the model or the person decides.
   */
  sideEffect: boolean;
  /** Tokens (input + output) the saved run's model spent on the turn that made this step: what a replay saves. */
  tokens?: number;
}

export interface SavedVariable {
  /** Written `{name}` in the instruction, the arguments and the targets. */
  name: string;
  /** The value the saved run used; the default when the person runs it ('' for a secret). */
  example: string;
  /** Typed into a password or card field: never stored, the person gives it for each run. */
  secret?: boolean;
}

/** How often a saved task runs by itself (chrome.alarms); it runs only while a Steadyhand panel is open. */
export type SavedSchedule = Schedule;

export interface SavedTask {
  format: typeof SAVED_TASK_FORMAT;
  version: typeof SAVED_TASK_VERSION;
  id: string;
  title: string;
  /** The task's instruction with `{variable}`s: what the model is told if it has to heal. */
  instruction: string;
  variables: SavedVariable[];
  /** The URL the first run started on, with `{variable}`s; a run on a new tab opens it. */
  startUrl: string | null;
  steps: SavedStep[];
  /** What the done gate accepted; a replay's done is checked again on the live page, never taken from here. */
  done: { evidence: DoneEvidence; verifiedAs?: 'outcome' | 'reading' };
  /** The history record it was saved from. */
  fromTaskId: string;
  createdAt: number;
  updatedAt: number;
  schedule?: SavedSchedule;
}

/** What one replay did, kept on the task's record and shown in the saved task's list. */
export interface ReplayReport {
  savedId: string;
  /** Steps played from the saved task without the model. */
  stepsReplayed: number;
  /** The index (into `steps`) of the step the model took over at; null when none had to heal. */
  healedAt: number | null;
  /** Why the replay handed over, in words a person reads ("'Place order' is not on the page"). */
  healReason?: string;
  modelCalls: number;
  /** Tokens the first run spent on the steps the replay played instead (input + output). */
  tokensSaved: number;
  /** The task's step numbers the replay played (the trace marks them); the ones after are the model's. */
  replayedSteps: number[];
}
