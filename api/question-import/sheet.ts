/** A cell as read from an import file: its text, or a formula (never evaluated, never stored). */
export type SheetCell = string | { formula: true };
/** The rows of a file's first sheet, top to bottom; row 0 is the header. */
export type SheetGrid = SheetCell[][];

export const isFormula = (cell: SheetCell | undefined): cell is { formula: true } => typeof cell === 'object';
export const cellText = (cell: SheetCell | undefined): string => (typeof cell === 'string' ? cell : '');

/**
 * The mark that keeps a spreadsheet from running a cell as a formula (a leading apostrophe), as
 * the CSV export writes it before text that starts with `=`, `+`, `-` or `@`, and as the import
 * removes it again, so an exported file imports as it was.
 */
const FORMULA_LIKE = /^\s*'*[=+\-@]/;
export const markFormulaLike = (text: string): string => (FORMULA_LIKE.test(text) ? `'${text}` : text);
export const unmarkFormulaLike = (text: string): string => (text.startsWith("'") && FORMULA_LIKE.test(text.slice(1)) ? text.slice(1) : text);
