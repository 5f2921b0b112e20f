// The one loose type the stand-in parses requests into: it checks every shape itself, rule by rule.

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
