import { maskDocumentNumber, type SyncRejection } from '../../../contract';

/** A summary's text values are cut to this many characters. */
const MAX_TEXT = 200;
/** A summary keeps this many top-level fields at most (a valid payload has 9 at most, an attempt's). */
const MAX_FIELDS = 20;
/** A field name longer than this is cut. */
const MAX_KEY = 64;

type SummaryValue = SyncRejection['payload'][string];

/** A top-level value as staff see it: text cut, a list as its length, a nested object left out. Never throws. */
function summaryValue(value: unknown): SummaryValue | undefined {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') return value.slice(0, MAX_TEXT);
  if (Array.isArray(value)) return value.length;
  return undefined;
}

/** A document number, masked, whatever the device put there: only text and numbers are shown (masked). */
function documentValue(value: unknown): SummaryValue | undefined {
  if (typeof value === 'string') return maskDocumentNumber(value.slice(0, MAX_TEXT));
  if (typeof value === 'number') return maskDocumentNumber(String(value));
  return summaryValue(value);
}

/**
 * The payload's top-level fields, never the raw document number (SyncRejection's payload rules).
 * Any JSON value gives a summary, never an error: what a device sends, and whatever an older
 * version stored, is always displayable. Built from entries, so a `__proto__` field is just a field.
 */
export function summarizePayload(payload: unknown): SyncRejection['payload'] {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return {};
  const fields: [string, SummaryValue][] = [];
  for (const [key, value] of Object.entries(payload)) {
    if (fields.length >= MAX_FIELDS) break;
    const shown = key === 'documentNumber' ? documentValue(value) : summaryValue(value);
    if (shown !== undefined) fields.push([key.slice(0, MAX_KEY), shown]);
  }
  return Object.fromEntries(fields);
}
