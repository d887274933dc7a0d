/**
 * Statements of the hot paths (a player's registration, attempt, completion, sync bookkeeping,
 * the bundle's revalidation) that every connection prepares once and then only executes:
 * PostgreSQL plans an unnamed statement on every execution, and planning these cost about as much
 * as running them. Only constant texts are marked, so each connection holds a bounded set. A
 * marked text is still an ordinary string to whoever runs it (`em.query(text, params)`); the
 * data source's client (db/data-source.ts) gives it its name.
 */
const names = new Map<string, string>();

/** Marks `text` as prepared once per connection, and returns it. Call it once per statement, where the text is built. */
export function prepared(text: string): string {
  if (!names.has(text)) names.set(text, `triviando_${names.size + 1}`);
  return text;
}

/** The prepared statement's name of a marked text with parameters; undefined for any other statement. */
export function preparedName(text: unknown, values: unknown): string | undefined {
  return typeof text === 'string' && Array.isArray(values) ? names.get(text) : undefined;
}
