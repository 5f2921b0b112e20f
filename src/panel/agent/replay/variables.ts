// A saved task's `{name}`s: filled with the values the person gave for a run (or the examples the saved run used).

import type { SavedVariable } from './saved-task';

export type VariableValues = Readonly<Record<string, string>>;

/** The values of a run: the person's, else each variable's example. */
export function valuesFor(variables: readonly SavedVariable[], given: VariableValues): Record<string, string> {
  return Object.fromEntries(variables.map((v) => [v.name, given[v.name] ?? v.example]));
}

/** `text` with every `{name}` of a known variable replaced by its value; other braces stay as they are. */
export function fillText(text: string, values: VariableValues): string {
  return text.replace(/\{([^{}]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** Every string inside a JSON value passed through `change` (keys and other values kept). */
export function mapStrings<T>(value: T, change: (text: string) => string): T {
  if (typeof value === 'string') return change(value) as T;
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, change)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, change)])) as T;
  }
  return value;
}

/** A call's arguments (or any JSON value) with every string filled. */
export function fillValue<T>(value: T, values: VariableValues): T {
  return mapStrings(value, (text) => fillText(text, values));
}
