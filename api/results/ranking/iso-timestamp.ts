/**
 * A timestamptz column as the contract writes times (ISO 8601 in UTC with milliseconds, exactly
 * as `Date.prototype.toISOString` does, both cutting microseconds), formatted by PostgreSQL in the
 * statement: a page of rows is then not parsed into `Date`s and formatted again row by row.
 */
export const isoTimestamp = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
