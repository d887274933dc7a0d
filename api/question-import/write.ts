import ExcelJS from 'exceljs';
import { IMPORT_ANSWER_HEADER, IMPORT_CORRECT_HEADER, IMPORT_QUESTION_HEADER, IMPORT_TEMPLATE_ANSWERS, type ImportFormat } from '../../contract';
import { csvFile } from '../lib/csv';

export interface QuestionRow {
  text: string;
  answers: { text: string; isCorrect: boolean }[];
}


/** Header and rows in the import's format: as many answer columns as the longest question needs. */
function table(questions: QuestionRow[]): { header: string[]; rows: (string | number)[][] } {
  const answerColumns = Math.max(IMPORT_TEMPLATE_ANSWERS, ...questions.map((q) => q.answers.length));
  const header = [IMPORT_QUESTION_HEADER, ...Array.from({ length: answerColumns }, (_, i) => `${IMPORT_ANSWER_HEADER} ${i + 1}`), IMPORT_CORRECT_HEADER];
  const rows = questions.map((q) => {
    const correct = q.answers.findIndex((a) => a.isCorrect);
    return [q.text, ...Array.from({ length: answerColumns }, (_, i) => q.answers[i]?.text ?? ''), correct >= 0 ? correct + 1 : ''];
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
 * nothing is marked. The correct answer's number is a number cell.
 */
async function writeXlsx(header: string[], rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Preguntas');
  sheet.addRow(header).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  sheet.columns.forEach((column, index) => {
    column.width = index === 0 ? 60 : index === header.length - 1 ? 12 : 30;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function writeQuestions(format: ImportFormat, questions: QuestionRow[]): Promise<Buffer> {
  const { header, rows } = table(questions);
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
];
