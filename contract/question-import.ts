import { z } from 'zod';
import { companyIdField } from './companies';
import { PICTURE_MISSING_MESSAGE, PICTURE_NAME_PATTERN } from './pictures';
import type { QuestionKind } from './question-kinds';

/**
 * Question import and export (CSV or XLSX). One row per question: a "Pregunta" column, answer
 * columns "Respuesta 1" … "Respuesta 10" (in the order the player sees them, before any shuffling)
 * and a "Correcta" column holding the number of the correct answer (1 for "Respuesta 1"); an
 * optional "Tipo" column names the question's kind by its label ("Opción única" when blank or
 * absent; "Verdadero o falso" rows may leave the answers blank and say "Verdadero" or "Falso" in
 * "Correcta"); an optional "Segundos" column gives a question its own clock (5 to 120; blank: the
 * trivia's, contract/question-clock.ts). Headers are matched without regard to case, accents or
 * blanks, in any column order.
 */
export const IMPORT_QUESTION_HEADER = 'Pregunta';
export const IMPORT_ANSWER_HEADER = 'Respuesta';
export const IMPORT_CORRECT_HEADER = 'Correcta';
export const IMPORT_KIND_HEADER = 'Tipo';
export const IMPORT_SECONDS_HEADER = 'Segundos';
/** The template's answer columns. */
export const IMPORT_TEMPLATE_ANSWERS = 4;

/** A file over this many bytes is refused before it is read. */
export const IMPORT_MAX_BYTES = 512 * 1024;
export const IMPORT_MAX_ROWS = 500;

export const IMPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Base64 of at most IMPORT_MAX_BYTES bytes. */
const BASE64_MAX = Math.ceil(IMPORT_MAX_BYTES / 3) * 4;
export const IMPORT_TOO_LARGE_MESSAGE = `El archivo supera el máximo de ${IMPORT_MAX_BYTES / 1024} KB`;

/** A ZIP of questions may hold at most this many pictures (more: split it). */
export const IMPORT_MAX_PICTURES = 600;
export const IMPORT_TOO_MANY_PICTURES_MESSAGE = `El ZIP tiene más de ${IMPORT_MAX_PICTURES} imágenes: divídelo en varios`;
const zipPath = z.string().min(1).max(200, 'El nombre de una imagen del ZIP es demasiado largo');

/**
 * POST /api/question-groups/{id}/questions/import/preview and …/import: the spreadsheet's bytes in
 * base64 (the API takes JSON only). Its type is read from its bytes, never from its name.
 *
 * A ZIP of a spreadsheet and its pictures (docs/question-import.md) is opened by the browser: the
 * spreadsheet goes as `content`; the preview is told which pictures the ZIP holds
 * (`pictureFiles`, their paths in it), and the import which stored picture each file the rows name
 * was uploaded as (`pictures`, path → name; every picture goes through the picture upload, so the
 * server has checked and processed each).
 */
export const questionImportSchema = z.strictObject({
  content: z
    .string({ error: 'Falta el archivo' })
    .min(1, 'El archivo está vacío')
    .max(BASE64_MAX, IMPORT_TOO_LARGE_MESSAGE)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'El archivo no se pudo leer'),
  pictureFiles: z.array(zipPath).max(IMPORT_MAX_PICTURES, IMPORT_TOO_MANY_PICTURES_MESSAGE).optional(),
  pictures: z
    .record(zipPath, z.string().regex(PICTURE_NAME_PATTERN, PICTURE_MISSING_MESSAGE))
    .refine((pictures) => Object.keys(pictures).length <= IMPORT_MAX_PICTURES, IMPORT_TOO_MANY_PICTURES_MESSAGE)
    .optional(),
});
export type QuestionImportInput = z.input<typeof questionImportSchema>;

export const exportFormatQuerySchema = z.object({
  format: z.enum(IMPORT_FORMATS, { error: 'El formato debe ser csv o xlsx' }).default('csv'),
});

/**
 * A trivia's questions with their pictures: a ZIP of the workbook (`preguntas.xlsx`, with an
 * "Imagen" and a "Texto alternativo" column for the question and for each answer) and the pictures
 * it names (`imagenes/<name>.jpg`, each at its largest stored width).
 */
export const QUESTION_EXPORT_FORMATS = [...IMPORT_FORMATS, 'zip'] as const;
export type QuestionExportFormat = (typeof QUESTION_EXPORT_FORMATS)[number];
export const questionExportQuerySchema = z.object({
  format: z.enum(QUESTION_EXPORT_FORMATS, { error: 'El formato debe ser csv, xlsx o zip' }).default('csv'),
});
export const IMPORT_PICTURE_HEADER = 'Imagen';
export const IMPORT_ALT_HEADER = 'Texto alternativo';
/** Where a ZIP export keeps its pictures. */
export const EXPORT_PICTURES_FOLDER = 'imagenes';

/** A picture a row names: the file in the ZIP (as found there) and its alt text. */
export interface ImportPicture {
  file: string;
  alt: string;
}

/** One data row of an import file, as read, with its problems (none: it will be imported). */
export interface ImportRow {
  /** The row's number in the spreadsheet (the header is row 1). */
  row: number;
  text: string;
  kind: QuestionKind;
  /** Its own clock in seconds; null: the trivia's. */
  clockSeconds: number | null;
  picture: ImportPicture | null;
  answers: { text: string; isCorrect: boolean; picture: ImportPicture | null }[];
  problems: string[];
}

/** The pictures a row names, question's first, each once. */
export const importRowPictureFiles = (row: Pick<ImportRow, 'picture' | 'answers'>): string[] => [
  ...new Set([row.picture, ...row.answers.map((answer) => answer.picture)].flatMap((picture) => (picture ? [picture.file] : []))),
];

export interface ImportPreview {
  format: ImportFormat;
  rows: ImportRow[];
  validCount: number;
  invalidCount: number;
}

/** POST …/questions/import reply: the valid rows were stored (one transaction), the others skipped. */
export interface ImportResult {
  imported: number;
  skipped: number;
}

/** POST /api/question-groups/{id}/copy: a copy in the same company, or in `companyId`. */
export const triviaCopySchema = z.strictObject({
  companyId: companyIdField.optional(),
});
export type TriviaCopyInput = z.input<typeof triviaCopySchema>;
