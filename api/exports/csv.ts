/** Characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell value no spreadsheet will run: text starting like a formula gets a leading apostrophe. */
export function formulaSafe(value: string | number | null): string | number {
  if (value === null) return '';
  if (typeof value === 'number') return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The export's file name: the group name with anything but letters, digits, - and _ made _, and the day. */
export function scoresFileName(groupName: string, day: string): string {
  return `puntajes_${groupName.replace(/[^A-Za-z0-9_-]/g, '_')}_${day}.csv`;
}
