/**
 * Text a spreadsheet would run as a formula (OWASP "CSV injection"), and the mark that keeps it
 * text: a leading apostrophe, the spreadsheet's own "this is text". The one owner of the rule:
 * every CSV export (scores, campaign ranking, draws, questions) marks with it and the question
 * import un-marks with it, so an exported question file imports back exactly as it was.
 *
 * A formula starts with a character whose compatibility form (NFKC) is `=`, `+`, `-`, `@` or the
 * minus sign U+2212: the ASCII four, their fullwidth (＝ ＋ － ＠) and small (﹦ ﹢ ﹣ ﹫) forms,
 * superscript and subscript equals, plus and minus, the minus sign and the Hebrew alternative plus.
 * Spreadsheets fold some of them into ASCII as a cell is typed or pasted (an East Asian input
 * method's ＝ starts an Excel formula), LibreOffice reads U+2212 as a minus; marking the others
 * costs an apostrophe. `tests/unit/formula-text.test.ts` holds the list to that definition.
 */
const FORMULA_CHARACTERS = '=+\\-@\\u207A-\\u207C\\u208A-\\u208C\\u2212\\uFB29\\uFE62\\uFE63\\uFE66\\uFE6B\\uFF0B\\uFF0D\\uFF1D\\uFF20';
/**
 * What may come before it and still leave the text a formula: characters that show nothing, which
 * an importer may trim and a reader cannot see: controls (Cc: tab, CR, LF, \x0b, \x1f…), format
 * characters (Cf: the zero-width space U+200B, the BOM U+FEFF, bidi marks), separators (Z: spaces
 * of every width, the line and paragraph separators) and the other default-ignorable code points
 * (Hangul fillers, variation selectors); and apostrophes, so that text already starting with the
 * mark is marked once more and un-marking one apostrophe is always exact.
 */
const BEFORE_FORMULA = "\\p{Cc}\\p{Cf}\\p{Z}\\p{Default_Ignorable_Code_Point}'";
const FORMULA_LIKE = new RegExp(`^[${BEFORE_FORMULA}]*[${FORMULA_CHARACTERS}]`, 'u');

/** Whether a spreadsheet could run this text as a formula (or it starts with the mark before such text). */
export const isFormulaLike = (text: string): boolean => FORMULA_LIKE.test(text);

/** The text as a cell no spreadsheet runs: formula-like text gets the leading apostrophe. */
export const markFormulaLike = (text: string): string => (isFormulaLike(text) ? `'${text}` : text);

/** The text as it was before `markFormulaLike`: an apostrophe before formula-like text is removed, anything else is kept. */
export const unmarkFormulaLike = (text: string): string => (text.startsWith("'") && isFormulaLike(text.slice(1)) ? text.slice(1) : text);
