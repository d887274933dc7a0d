import { z } from 'zod';
import { companyIdField } from './companies';

/**
 * Question import and export (CSV or XLSX). One row per question: a "Pregunta" column, answer
 * columns "Respuesta 1" … "Respuesta 10" (in the order the player sees them, before any shuffling)
 * and a "Correcta" column holding the number of the correct answer (1 for "Respuesta 1"). Headers
 * are matched without regard to case, accents or blanks, in any column order.
 */
export const IMPORT_QUESTION_HEADER = 'Pregunta';
export const IMPORT_ANSWER_HEADER = 'Respuesta';
export const IMPORT_CORRECT_HEADER = 'Correcta';
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

/**
 * POST /api/question-groups/{id}/questions/import/preview and …/import: the file's bytes in base64
 * (the API takes JSON only). Its type is read from its bytes, never from its name.
 */
export const questionImportSchema = z.strictObject({
  content: z
    .string({ error: 'Falta el archivo' })
    .min(1, 'El archivo está vacío')
    .max(BASE64_MAX, IMPORT_TOO_LARGE_MESSAGE)
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'El archivo no se pudo leer'),
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

/** One data row of an import file, as read, with its problems (none: it will be imported). */
export interface ImportRow {
  /** The row's number in the spreadsheet (the header is row 1). */
  row: number;
  text: string;
  answers: { text: string; isCorrect: boolean }[];
  problems: string[];
}

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
