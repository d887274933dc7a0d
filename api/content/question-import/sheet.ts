/** A cell as read from an import file: its text, or a formula (never evaluated, never stored). */
export type SheetCell = string | { formula: true };
/** The rows of a file's first sheet, top to bottom; row 0 is the header. */
export type SheetGrid = SheetCell[][];

export const isFormula = (cell: SheetCell | undefined): cell is { formula: true } => typeof cell === 'object';
export const cellText = (cell: SheetCell | undefined): string => (typeof cell === 'string' ? cell : '');

/** The formula mark the CSV reader removes again; its one owner is api/platform/lib/formula-text.ts. */
export { unmarkFormulaLike } from '../../platform/lib/formula-text';
