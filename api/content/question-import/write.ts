import ExcelJS from 'exceljs';
import {
  EXPORT_PICTURES_FOLDER,
  IMPORT_ALT_HEADER,
  IMPORT_ANSWER_HEADER,
  IMPORT_CORRECT_HEADER,
  IMPORT_KIND_HEADER,
  IMPORT_SECONDS_HEADER,
  IMPORT_PICTURE_HEADER,
  IMPORT_QUESTION_HEADER,
  IMPORT_TEMPLATE_ANSWERS,
  QUESTION_KIND_LABELS,
  TRUE_FALSE_ANSWERS,
  type ImportFormat,
  type PlacedPicture,
  type QuestionKind,
} from '../../../contract';
import { csvFile } from '../../platform/lib/csv-text';

export interface QuestionRow {
  text: string;
  /** Left out: a choice. */
  kind?: QuestionKind;
  /** Its own clock in seconds; left out or null: the trivia's (a blank cell). */
  clockSeconds?: number | null;
  answers: { text: string; isCorrect: boolean; picture?: PlacedPicture | null }[];
  picture?: PlacedPicture | null;
}

/** A picture's file in a ZIP export. */
export const pictureFileName = (picture: PlacedPicture) => `${EXPORT_PICTURES_FOLDER}/${picture.name}.jpg`;


/**
 * Header and rows in the import's format: as many answer columns as the longest question needs,
 * then "Correcta", "Tipo" (each question's kind by its label) and "Segundos" (its own clock; blank:
 * the trivia's).
 * With `pictures`, after them an "Imagen" and a "Texto alternativo" column for the question and for
 * each answer ("Imagen 1", "Texto alternativo 1"…), the picture named by its file in the ZIP.
 */
function table(questions: QuestionRow[], pictures = false): { header: string[]; rows: (string | number)[][] } {
  const answerColumns = Math.max(IMPORT_TEMPLATE_ANSWERS, ...questions.map((q) => q.answers.length));
  const answerNumbers = Array.from({ length: answerColumns }, (_, i) => i + 1);
  const header = [IMPORT_QUESTION_HEADER, ...answerNumbers.map((n) => `${IMPORT_ANSWER_HEADER} ${n}`), IMPORT_CORRECT_HEADER, IMPORT_KIND_HEADER, IMPORT_SECONDS_HEADER];
  if (pictures) header.push(IMPORT_PICTURE_HEADER, IMPORT_ALT_HEADER, ...answerNumbers.flatMap((n) => [`${IMPORT_PICTURE_HEADER} ${n}`, `${IMPORT_ALT_HEADER} ${n}`]));
  const pictureCells = (picture: PlacedPicture | null | undefined) => (picture ? [pictureFileName(picture), picture.alt] : ['', '']);
  const rows = questions.map((q) => {
    const correct = q.answers.flatMap((a, i) => (a.isCorrect ? [i + 1] : []));
    const row: (string | number)[] = [
      q.text,
      ...answerNumbers.map((n) => q.answers[n - 1]?.text ?? ''),
      // One number, or a "Varias correctas" question's several joined by ";".
      correct.length === 1 ? correct[0]! : correct.join(';'),
      QUESTION_KIND_LABELS[q.kind ?? 'choice'],
      q.clockSeconds ?? '',
    ];
    if (pictures) row.push(...pictureCells(q.picture), ...answerNumbers.flatMap((n) => pictureCells(q.answers[n - 1]?.picture)));
    return row;
  });
  return { header, rows };
}

/**
 * CSV: UTF-8 with a BOM (spreadsheets then show accents), RFC 4180 quoting (line breaks inside a
 * question are kept, quoted), text a spreadsheet would run as a formula marked with an apostrophe
 * that the import removes again.
 */
function writeCsv(header: string[], rows: (string | number)[][]): Buffer {
  return csvFile([header, ...rows], 'kept');
}

/**
 * XLSX: every text is a text cell, never a formula: ExcelJS writes a string value as a shared
 * string (`t="s"`, no `<f>`), whatever it starts with, and the import reads it back as text, so
 * nothing is marked. A single correct answer's number is a number cell (several, "1;3", a text cell).
 */
async function writeXlsx(header: string[], rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Preguntas');
  sheet.addRow(header).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  const widths: Record<string, number> = { [IMPORT_QUESTION_HEADER]: 60, [IMPORT_CORRECT_HEADER]: 12, [IMPORT_KIND_HEADER]: 20, [IMPORT_SECONDS_HEADER]: 12 };
  sheet.columns.forEach((column, index) => {
    column.width = widths[header[index]!] ?? 30;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function writeQuestions(format: ImportFormat, questions: QuestionRow[], { pictures = false } = {}): Promise<Buffer> {
  const { header, rows } = table(questions, pictures);
  return format === 'csv' ? writeCsv(header, rows) : writeXlsx(header, rows);
}

/** The template: the columns and two example questions. */
export const TEMPLATE_QUESTIONS: QuestionRow[] = [
  {
    text: '¿Cuál es la capital de Francia?',
    answers: [
      { text: 'París', isCorrect: true },
      { text: 'Lyon', isCorrect: false },
      { text: 'Marsella', isCorrect: false },
      { text: 'Niza', isCorrect: false },
    ],
  },
  {
    text: '¿Cuántos lados tiene un hexágono?',
    answers: [
      { text: '5', isCorrect: false },
      { text: '6', isCorrect: true },
    ],
  },
  {
    text: 'El agua hierve a 100 °C al nivel del mar.',
    kind: 'true_false',
    clockSeconds: 10,
    answers: TRUE_FALSE_ANSWERS.map((text, i) => ({ text, isCorrect: i === 0 })),
  },
];
