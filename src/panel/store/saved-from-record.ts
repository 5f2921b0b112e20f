// A verified run in the history made into a saved task (issue 30, decision 0031): each action that ran and was
// verified becomes a step, with its target by role, name and position (never its ref), its place, the kinds of
// effect its verification saw, and whether it acted outside the page (the consent gate asked about it). The values
// the person names become `{variables}` everywhere they occur; what was typed into a secret field is never kept.

import {
  mapStrings,
  placeOf,
  SAVED_TASK_FORMAT,
  SAVED_TASK_VERSION,
  type SavedStep,
  type SavedTask,
  type SavedVariable,
  type TargetIdentity,
} from '../agent';
import type { CallView, StepRecord, TaskRecord } from './task-record';

/** Tools a replay can play: they act on the page or load a URL, and name their element by `ref` only. */
const REPLAYABLE = new Set([
  'click',
  'type',
  'select_option',
  'check',
  'scroll',
  'press_key',
  'hover',
  'select_text',
  'double_click',
  'right_click',
  'set_value',
  'open_url',
  'go_back',
]);
/** Tools that only look: a replay looks at every step anyway. */
const READING = new Set(['read_page', 'find', 'wait_for', 'screenshot', 'note', 'ask_user', 'done', 'propose_plan']);
/** A field whose value is a secret by its name: never stored, always asked for at run time. */
const SECRET_FIELD = /pass(word|code|phrase)?\b|\bpin\b|card.?number|\bcvc\b|\bcvv\b|security code|one-time|otp/i;
export const VARIABLE_NAME = /^[\p{L}\p{N}_-]{1,40}$/u;

export interface SaveChoices {
  title: string;
  /** The values of the run the person names; each becomes `{name}` wherever it occurs. */
  variables: { name: string; value: string }[];
}

/** Why a run cannot be saved, as a code the panel says in the person's language, with the name or value it is about. */
export type SaveRefusalCode =
  | 'not_verified'
  | 'not_replayable'
  | 'no_actions'
  | 'not_listed'
  | 'drag'
  | 'bad_name'
  | 'empty_value'
  | 'named_twice'
  | 'value_nowhere'
  | 'gone';

export interface SaveRefusal {
  code: SaveRefusalCode;
  detail?: string;
}

export type SaveOutcome = { saved: SavedTask } | { refused: SaveRefusal };

const refuse = (code: SaveRefusalCode, detail?: string): { refused: SaveRefusal } => ({
  refused: detail === undefined ? { code } : { code, detail },
});

interface Kept {
  step: StepRecord;
  call: CallView;
  calls: number;
}

export function savedTaskFrom(record: TaskRecord, choices: SaveChoices, id: string, now: number): SaveOutcome {
  if (record.status !== 'succeeded' || record.verified !== true) {
    return refuse('not_verified');
  }
  const kept: Kept[] = [];
  for (const step of record.steps) {
    const ran = step.calls.filter((call) => call.outcome === 'ok' && call.verification?.verified !== false);
    const acts = ran.filter((call) => !READING.has(call.name));
    for (const call of acts) {
      if (!REPLAYABLE.has(call.name)) return refuse('not_replayable', call.name);
      kept.push({ step, call, calls: acts.length });
    }
  }
  if (kept.length === 0) return refuse('no_actions');
  const secrets: SavedVariable[] = [];
  const steps: SavedStep[] = [];
  for (const { step, call, calls } of kept) {
    const made = stepOf(record, step, call, calls);
    if ('refused' in made) return made;
    if (made.secret) {
      const name = `secret${secrets.length + 1}`;
      secrets.push({ name, example: '', secret: true });
      made.step.args = { ...made.step.args, text: `{${name}}` };
    }
    steps.push(made.step);
  }
  const base: SavedTask = {
    format: SAVED_TASK_FORMAT,
    version: SAVED_TASK_VERSION,
    id,
    title: choices.title.trim() || (record.instructions[0] ?? '').slice(0, 80),
    instruction: record.instructions.join('\n'),
    variables: secrets,
    startUrl: record.steps[0]?.url ?? null,
    steps,
    done: { evidence: record.evidence ?? {}, ...(record.verifiedAs ? { verifiedAs: record.verifiedAs } : {}) },
    fromTaskId: record.taskId,
    createdAt: now,
    updatedAt: now,
  };
  return withVariables(base, choices.variables);
}

function stepOf(
  record: TaskRecord,
  step: StepRecord,
  call: CallView,
  calls: number,
): { step: SavedStep; secret: boolean } | { refused: SaveRefusal } {
  const { ref, ...args } = (call.input ?? {}) as Record<string, unknown>;
  if ('toRef' in args) return refuse('drag', call.target ?? call.name);
  if (ref !== undefined && !call.identity) return refuse('not_listed', call.target ?? call.name);
  const target: TargetIdentity | undefined = call.identity;
  const consented = (record.consents ?? []).some(
    (consent) => consent.step === step.step && (calls === 1 || consent.control === call.target),
  );
  const said = step.text.trim().split('\n')[0]?.trim() ?? '';
  const intent =
    calls === 1 && said ? said.slice(0, 160) : `${call.name} ${call.target ? `"${call.target}"` : ''}`.trim();
  const usage = step.usage;
  const saved: SavedStep = {
    intent,
    tool: call.name,
    args,
    ...(target ? { target } : {}),
    place: placeOf(step.url),
    effects: call.verification?.effects ?? [],
    sideEffect: consented,
    ...(usage ? { tokens: Math.round((usage.input + usage.output) / calls) } : {}),
  };
  const secret = call.name === 'type' && SECRET_FIELD.test(call.target ?? '');
  return { step: saved, secret };
}

/** The texts of a saved task a value can occur in: never its ids, tool names or kinds of effect. */
export function mapTexts(task: SavedTask, change: (text: string) => string): SavedTask {
  return {
    ...task,
    title: change(task.title),
    instruction: change(task.instruction),
    startUrl: task.startUrl === null ? null : change(task.startUrl),
    steps: task.steps.map((step) => ({
      ...step,
      intent: change(step.intent),
      args: mapStrings(step.args, change),
      ...(step.target ? { target: { ...step.target, name: change(step.target.name) } } : {}),
      place: step.place ? { ...step.place, path: change(step.place.path) } : null,
    })),
    done: { ...task.done, evidence: mapStrings(task.done.evidence, change) },
  };
}

/** Every occurrence of each named value replaced by `{name}`, in every text the saved task keeps. */
export function withVariables(task: SavedTask, variables: SaveChoices['variables']): SaveOutcome {
  let saved = task;
  const named: SavedVariable[] = [];
  for (const { name, value } of variables) {
    if (!VARIABLE_NAME.test(name)) return refuse('bad_name', name);
    if (value.trim() === '') return refuse('empty_value', name);
    if (named.some((v) => v.name === name) || task.variables.some((v) => v.name === name)) {
      return refuse('named_twice', name);
    }
    let found = false;
    saved = mapTexts(saved, (text) => {
      if (!text.includes(value)) return text;
      found = true;
      return text.split(value).join(`{${name}}`);
    });
    if (!found) return refuse('value_nowhere', value);
    named.push({ name, example: value });
  }
  return { saved: { ...saved, variables: [...task.variables, ...named] } };
}

export interface SavedEdit {
  title: string;
  /** Each of the task's variables, in its order: its name and the value a run starts with ('' for a secret). */
  variables: { name: string; example: string }[];
}

/**
 * The saved task as the person edited it: its title, and its variables' names (each `{old}` renamed everywhere it
 * occurs) and examples; the steps stay as the run made them. A secret keeps no example.
 */
export function editedTask(
  task: SavedTask,
  edit: SavedEdit,
  now: number,
): { saved: SavedTask } | { refused: SaveRefusal } {
  if (edit.variables.length !== task.variables.length) return refuse('bad_name', '');
  const names = edit.variables.map((v) => v.name.trim());
  for (const name of names) {
    if (!VARIABLE_NAME.test(name)) return refuse('bad_name', name);
    if (names.filter((other) => other === name).length > 1) return refuse('named_twice', name);
  }
  const renames = new Map(task.variables.map((v, i) => [v.name, names[i] as string]));
  const renamed = mapTexts(task, (text) =>
    text.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
      const next = renames.get(name);
      return next === undefined ? whole : `{${next}}`;
    }),
  );
  const variables = task.variables.map((v, i) => ({
    ...v,
    name: names[i] as string,
    example: v.secret ? '' : (edit.variables[i]?.example ?? v.example),
  }));
  return { saved: { ...renamed, title: edit.title.trim() || task.title, variables, updatedAt: now } };
}
