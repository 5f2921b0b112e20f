// How a broken rule becomes the API's error, and the schema checks every rule area shares. Schema errors use the
// API's pydantic wording, `<dotted.path>: <Message>` with 0-based indexes and the union tag in the path
// (`tools.0.custom.name`, `messages.1.content.0.thinking.cache_control`), as in the errors quoted in
// https://github.com/anthropics/claude-code/issues/14135 and https://github.com/anthropics/claude-code/issues/4378.
// "Extra inputs are not permitted" and "Field required" are verbatim; the other `Input should …` texts are composed
// in the same pydantic wording.

import { isObject, type JsonObject } from './json';

export type ErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'not_found_error'
  | 'rate_limit_error'
  | 'api_error'
  | 'overloaded_error'
  | 'timeout_error';

/** Thrown by a rule; the route answers it as the API's error JSON. */
export class RuleViolation extends Error {
  override readonly name = 'RuleViolation';
  constructor(
    readonly status: number,
    readonly errorType: ErrorType,
    message: string,
  ) {
    super(message);
  }
}

export function invalid(message: string): never {
  throw new RuleViolation(400, 'invalid_request_error', message);
}

export function notFound(message: string): never {
  throw new RuleViolation(404, 'not_found_error', message);
}

/**
 * A field the stand-in does not play. The API would accept it, so this is not the API's refusal: it says plainly that
 * the stand-in must learn the feature before a test can rely on it.
 */
export function notModelled(path: string): never {
  invalid(`fake-anthropic: \`${path}\` is accepted by the API but not played by this stand-in; model it first`);
}

export function join(path: string, key: string | number): string {
  return path === '' ? String(key) : `${path}.${key}`;
}

export function extraInputs(path: string): never {
  invalid(`${path}: Extra inputs are not permitted`);
}

export function fieldRequired(path: string): never {
  invalid(`${path}: Field required`);
}

export function quotedList(values: readonly string[]): string {
  const quoted = values.map((value) => `'${value}'`);
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`;
}

/** Pydantic's literal error (composed): `Input should be 'a', 'b' or 'c'`. */
export function literalError(path: string, allowed: readonly string[]): never {
  invalid(`${path}: Input should be ${quotedList(allowed)}`);
}

/** Pydantic's discriminated-union error (composed), for a `type` no variant has. */
export function tagError(path: string, tag: unknown, expected: readonly string[]): never {
  const list = expected.map((value) => `'${value}'`).join(', ');
  invalid(`${path}: Input tag '${String(tag)}' found using 'type' does not match any of the expected tags: ${list}`);
}

/** The first key not in `allowed` is an extra input. */
export function onlyKeys(value: JsonObject, allowed: readonly string[], path: string): void {
  for (const key of Object.keys(value)) if (!allowed.includes(key)) extraInputs(join(path, key));
}

export function requireObject(value: unknown, path: string): JsonObject {
  if (!isObject(value)) invalid(`${path}: Input should be a valid dictionary`);
  return value;
}

export function requireList(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) invalid(`${path}: Input should be a valid list`);
  return value;
}

export function requireString(value: unknown, path: string): string {
  if (typeof value !== 'string') invalid(`${path}: Input should be a valid string`);
  return value;
}

export function requireBoolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') invalid(`${path}: Input should be a valid boolean`);
  return value;
}

export function requireInt(value: unknown, path: string, min?: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) invalid(`${path}: Input should be a valid integer`);
  if (min !== undefined && value < min) invalid(`${path}: Input should be greater than or equal to ${min}`);
  return value;
}

export function requireNumber(value: unknown, path: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) invalid(`${path}: Input should be a valid number`);
  if (value < min) invalid(`${path}: Input should be greater than or equal to ${min}`);
  if (value > max) invalid(`${path}: Input should be less than or equal to ${max}`);
  return value;
}

/** A present field, or "Field required". */
export function required(value: JsonObject, key: string, path: string): unknown {
  if (!(key in value) || value[key] === undefined) fieldRequired(join(path, key));
  return value[key];
}

/** Optional fields accept null as absent, as the SDK types (`?: T | null`) do. */
export function present(value: unknown): boolean {
  return value !== undefined && value !== null;
}
