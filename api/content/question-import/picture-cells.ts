import { IMPORT_ALT_HEADER, IMPORT_PICTURE_HEADER, PICTURE_ALT_MAX, type ImportPicture } from '../../../contract';
import { cellText, isFormula, type SheetCell } from './sheet';

/**
 * The picture columns of an import file ("Imagen" and "Texto alternativo" for the question,
 * "Imagen N" and "Texto alternativo N" for answer N: docs/question-import.md) and the pictures a
 * row names in them, found among the files of the ZIP the spreadsheet came in.
 */

interface PictureColumns {
  file?: number;
  alt?: number;
}

/** Picture columns by answer number; 0 is the question's. */
export type PictureColumnMap = Map<number, PictureColumns>;

/**
 * Records `name` (a normalised header) when it is a picture column; false when it is not one.
 * The first column of each name wins, as for answers.
 */
export function takePictureColumn(columns: PictureColumnMap, name: string, index: number, normalise: (text: string) => string): boolean {
  for (const [kind, header] of [
    ['file', IMPORT_PICTURE_HEADER],
    ['alt', IMPORT_ALT_HEADER],
  ] as const) {
    const match = new RegExp(`^${normalise(header)}(?: ?(\\d{1,2}))?$`).exec(name);
    if (!match) continue;
    const number = Number(match[1] ?? 0);
    const entry = columns.get(number) ?? {};
    entry[kind] ??= index;
    columns.set(number, entry);
    return true;
  }
  return false;
}

/** The ZIP's file a cell names: its path in the ZIP, or else its file name when only one file has it (letter case aside). */
export type FindPictureFile = (cell: string) => string | undefined;

export function pictureFileFinder(files: readonly string[]): FindPictureFile {
  const exact = new Set(files);
  const byBaseName = new Map<string, string | null>();
  for (const file of files) {
    const base = baseName(file);
    byBaseName.set(base, byBaseName.has(base) ? null : file);
  }
  return (cell) => (exact.has(cell) ? cell : (byBaseName.get(baseName(cell)) ?? undefined));
}

const baseName = (path: string) => path.replace(/\\/g, '/').split('/').at(-1)!.toLowerCase();

/** Where a picture is, in the words of a row's problem. */
const whose = (number: number) => (number === 0 ? 'de la pregunta' : `de la respuesta ${number}`);

/**
 * The picture a row names in the columns of answer `number` (0: the question), with its problems
 * (added to `problems`):
 * a formula, a file not in the ZIP (or no ZIP at all), a missing or too long alt text. Alt text
 * without a picture is left alone.
 */
export function readPictureCells(
  row: SheetCell[],
  columns: PictureColumns | undefined,
  number: number,
  findFile: FindPictureFile | undefined,
  problems: string[],
): ImportPicture | null {
  if (columns?.file === undefined) return null;
  const fileCell = row[columns.file];
  const altCell = columns.alt === undefined ? undefined : row[columns.alt];
  if (isFormula(fileCell) || isFormula(altCell)) {
    problems.push(`La imagen ${whose(number)} es una fórmula: escribe el nombre del archivo y su texto`);
    return null;
  }
  const cell = cellText(fileCell).trim();
  if (cell === '') return null;
  const alt = cellText(altCell).trim();
  if (alt === '') problems.push(`Falta el texto alternativo de la imagen ${whose(number)}`);
  if (alt.length > PICTURE_ALT_MAX) problems.push(`El texto alternativo de la imagen ${whose(number)} tiene ${alt.length} caracteres (máximo ${PICTURE_ALT_MAX})`);
  const quoted = `«${cell.slice(0, 80)}»`;
  const file = findFile?.(cell);
  if (!findFile) problems.push(`La imagen ${quoted} no está: importa un ZIP con la hoja y sus imágenes`);
  else if (!file) problems.push(`La imagen ${quoted} no está en el ZIP`);
  // A row with a problem is shown, not imported: its picture keeps the name the cell gave.
  return { file: file ?? cell, alt };
}
