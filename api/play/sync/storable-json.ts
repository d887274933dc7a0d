/** Lone UTF-16 surrogates and NUL: JavaScript strings may hold them, PostgreSQL's jsonb refuses them. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const storable = (text: string) => text.replace(LONE_SURROGATE, '\uFFFD').replaceAll('\0', '\uFFFD');

function storableValue(value: unknown): unknown {
  if (typeof value === 'string') return storable(value);
  if (Array.isArray(value)) return value.map(storableValue);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [storable(k), storableValue(v)]));
  }
  return value;
}

/**
 * JSON text that a jsonb column always accepts (an absent payload is stored as null), so that
 * keeping a refused mutation for staff can never fail the push itself.
 */
export function storableJson(value: unknown): string {
  return JSON.stringify(storableValue(value ?? null));
}
