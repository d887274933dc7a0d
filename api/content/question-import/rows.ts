import {
  ANSWER_TEXT_MAX,
  ANSWERS_MAX,
  ANSWERS_MIN,
  IMPORT_ANSWER_HEADER,
  IMPORT_CORRECT_HEADER,
  IMPORT_KIND_HEADER,
  IMPORT_MAX_ROWS,
  IMPORT_SECONDS_HEADER,
  CLOCK_SECONDS_MAX,
  CLOCK_SECONDS_MIN,
  IMPORT_QUESTION_HEADER,
  QUESTION_TEXT_MAX,
  kindAnswersProblem,
  QUESTION_KIND_LABELS,
  QUESTION_KINDS,
  questionWithAnswersSchema,
  TRUE_FALSE_ANSWERS,
  type ImportRow,
  type QuestionKind,
} from '../../../contract';
import { badRequest } from '../../platform/http/errors';
import { pictureFileFinder, readPictureCells, takePictureColumn, type FindPictureFile, type PictureColumnMap } from './picture-cells';
import { cellText, isFormula, type SheetCell, type SheetGrid } from './sheet';

const POLL_CORRECT_CELL = 'Una encuesta no tiene respuesta correcta: deja vacía la columna Correcta';

/** Header text compared without case, accents or extra blanks ("RESPUESTA  1", "respuesta 1"). */
const normalise = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

interface Columns {
  question: number;
  correct: number;
  /** The optional "Tipo" column; -1 when the file has none (every row a choice). */
  kind: number;
  /** The optional "Segundos" column; -1 when the file has none (every question on the trivia's clock). */
  seconds: number;
  /** Answer number (1-based, as in the header) → column index. */
  answers: Map<number, number>;
  pictures: PictureColumnMap;
}

function findColumns(header: SheetCell[]): Columns {
  let question = -1;
  let correct = -1;
  let kind = -1;
  let seconds = -1;
  const answers = new Map<number, number>();
  const pictures: PictureColumnMap = new Map();
  const answerHeader = new RegExp(`^${normalise(IMPORT_ANSWER_HEADER)} ?(\\d{1,2})$`);
  header.forEach((cell, index) => {
    const name = normalise(cellText(cell));
    if (name === normalise(IMPORT_QUESTION_HEADER)) question = index;
    else if (name === normalise(IMPORT_CORRECT_HEADER)) correct = index;
    else if (name === normalise(IMPORT_KIND_HEADER)) kind = index;
    else if (name === normalise(IMPORT_SECONDS_HEADER)) seconds = index;
    else if (!takePictureColumn(pictures, name, index, normalise)) {
      const number = answerHeader.exec(name)?.[1];
      if (number && !answers.has(Number(number))) answers.set(Number(number), index);
    }
  });
  const missing = [
    question < 0 && IMPORT_QUESTION_HEADER,
    answers.size === 0 && `${IMPORT_ANSWER_HEADER} 1, ${IMPORT_ANSWER_HEADER} 2…`,
    correct < 0 && IMPORT_CORRECT_HEADER,
  ].filter(Boolean);
  if (missing.length) {
    throw badRequest(`Faltan columnas en la primera fila: ${missing.join('; ')}. Descarga la plantilla para ver el formato.`, {
      code: 'import_columns_missing',
    });
  }
  return { question, correct, kind, seconds, answers: new Map([...answers].sort(([a], [b]) => a - b)), pictures };
}

const isBlankRow = (row: SheetCell[]) => row.every((cell) => !isFormula(cell) && cellText(cell).trim() === '');

/** The kind a "Tipo" cell names by its label (or its code); blank: a choice. */
function kindNamed(raw: string): { kind?: QuestionKind; problem?: string } {
  const name = normalise(raw);
  if (name === '') return { kind: 'choice' };
  const kind = QUESTION_KINDS.find((k) => normalise(QUESTION_KIND_LABELS[k]) === name || k === name);
  if (kind) return { kind };
  const labels = QUESTION_KINDS.map((k) => `«${QUESTION_KIND_LABELS[k]}»`);
  return { problem: `El tipo «${raw.trim().slice(0, 40)}» no existe: usa ${labels.slice(0, -1).join(', ')} o ${labels.at(-1)}` };
}

/** A question's own clock from its "Segundos" cell; blank: the trivia's. */
function clockNamed(raw: string): { seconds: number | null; problem?: string } {
  const text = raw.trim();
  if (text === '') return { seconds: null };
  const seconds = Number(text);
  if (/^\d{1,3}$/.test(text) && seconds >= CLOCK_SECONDS_MIN && seconds <= CLOCK_SECONDS_MAX) return { seconds };
  return { seconds: null, problem: `La columna Segundos debe ser un número de ${CLOCK_SECONDS_MIN} a ${CLOCK_SECONDS_MAX} (vacía: el tiempo de la trivia), no «${text.slice(0, 40)}»` };
}

/** A true/false row's "Correcta" may name the answer by its text («Verdadero», «Falso», or V / F): its number then. */
function trueFalseNumber(raw: string): string {
  const name = normalise(raw);
  const index = TRUE_FALSE_ANSWERS.findIndex((text) => normalise(text) === name || normalise(text)[0] === name);
  return index < 0 ? raw : String(index + 1);
}

/**
 * The answer numbers the "Correcta" cell names, or the problem with it: one number, or on a
 * "Varias correctas" row (`several`) one or more separated by ";", "," or "y" ("1;3").
 */
function correctNumbers(raw: string, answerNumbers: number[], several: boolean): { numbers?: number[]; problem?: string } {
  const text = raw.trim();
  if (text === '') return { problem: 'No indica la respuesta correcta (columna Correcta)' };
  const parts = text.split(/\s*(?:[,;/]|\by\b)\s*|\s+/).filter(Boolean);
  if (parts.length > 1 && !several) return { problem: `Tiene ${parts.length} respuestas correctas (${parts.join(', ')}); marca solo una` };
  const wrong = parts.find((part) => !/^\d{1,2}$/.test(part));
  if (wrong !== undefined) {
    const example = several ? 'por ejemplo 1 o 1;3' : 'por ejemplo 1';
    return { problem: `La columna Correcta debe ser el número de la respuesta correcta (${example}), no «${(several ? wrong : text).slice(0, 40)}»` };
  }
  const numbers = [...new Set(parts.map(Number))];
  const absent = numbers.find((number) => !answerNumbers.includes(number));
  if (absent !== undefined) return { problem: `La respuesta correcta (${absent}) está vacía o no existe` };
  return { numbers };
}

function readRow(row: SheetCell[], columns: Columns, rowNumber: number, findPicture: FindPictureFile | undefined): ImportRow {
  const problems: string[] = [];
  const pictureOf = (number: number) => readPictureCells(row, columns.pictures.get(number), number, findPicture, problems);
  const questionCell = row[columns.question];
  if (isFormula(questionCell)) problems.push('La pregunta es una fórmula: escribe el texto');
  const text = cellText(questionCell).trim();
  if (!isFormula(questionCell) && text === '') problems.push('Falta la pregunta');
  if (text.length > QUESTION_TEXT_MAX) problems.push(`La pregunta tiene ${text.length} caracteres (máximo ${QUESTION_TEXT_MAX})`);
  const picture = pictureOf(0);
  const kindCell = columns.kind < 0 ? undefined : row[columns.kind];
  const named = kindNamed(cellText(kindCell));
  if (named.problem) problems.push(named.problem);
  const kind = named.kind ?? 'choice';
  const secondsCell = columns.seconds < 0 ? undefined : row[columns.seconds];
  if (isFormula(secondsCell)) problems.push('La columna Segundos es una fórmula: escribe el número');
  const clock = isFormula(secondsCell) ? { seconds: null } : clockNamed(cellText(secondsCell));
  if (clock.problem) problems.push(clock.problem);

  const written: { number: number; text: string; picture: ImportRow['picture'] }[] = [];
  for (const [number, index] of columns.answers) {
    const cell = row[index];
    if (isFormula(cell)) problems.push(`La respuesta ${number} es una fórmula: escribe el texto`);
    const answer = cellText(cell).trim();
    const answerPicture = pictureOf(number);
    if (answer === '') {
      if (answerPicture) problems.push(`La imagen de la respuesta ${number} no tiene respuesta: escribe también su texto`);
      continue;
    }
    if (answer.length > ANSWER_TEXT_MAX) problems.push(`La respuesta ${number} tiene ${answer.length} caracteres (máximo ${ANSWER_TEXT_MAX})`);
    written.push({ number, text: answer, picture: answerPicture });
  }
  // A true/false row may leave its answers to the kind.
  if (kind === 'true_false' && written.length === 0) written.push(...TRUE_FALSE_ANSWERS.map((text, i) => ({ number: i + 1, text, picture: null })));
  if (written.length === 0) problems.push('No tiene respuestas');
  else if (written.length < ANSWERS_MIN) problems.push(`Tiene una sola respuesta (mínimo ${ANSWERS_MIN})`);
  if (written.length > ANSWERS_MAX) problems.push(`Tiene ${written.length} respuestas (máximo ${ANSWERS_MAX})`);

  const correctCell = row[columns.correct];
  let correct: number[] = [];
  if (isFormula(correctCell)) problems.push('La columna Correcta es una fórmula: escribe el número');
  else {
    const cell = cellText(correctCell);
    if (kind === 'poll') {
      // A poll has no correct answer: its Correcta cell stays empty.
      if (cell.trim() !== '') problems.push(POLL_CORRECT_CELL);
    } else {
      const result = correctNumbers(kind === 'true_false' ? trueFalseNumber(cell) : cell, written.map((a) => a.number), kind === 'multiple');
      if (result.problem) problems.push(result.problem);
      correct = result.numbers ?? [];
    }
  }
  if ([text, ...written.map((a) => a.text)].some((t) => t.includes('\0'))) problems.push('Contiene caracteres no válidos');

  const answers = written.map((a) => ({ text: a.text, isCorrect: correct.includes(a.number), picture: a.picture }));
  // The kind's rule on the answers, pictures included (which the check below does not see).
  const kindProblem = kindAnswersProblem(kind, answers);
  if (kindProblem) problems.push(kindProblem);
  // The contract's own rules have the last word: a row it refuses is never imported.
  if (problems.length === 0) {
    const checked = questionWithAnswersSchema.safeParse({ text, groupId: 1, kind, clockSeconds: clock.seconds, answers: answers.map(({ text, isCorrect }) => ({ text, isCorrect })) });
    if (!checked.success) problems.push(...new Set(checked.error.issues.map((issue) => issue.message)));
  }
  return { row: rowNumber, text, kind, clockSeconds: clock.seconds, picture, answers, problems };
}

/**
 * The data rows of an import file with each row's problems (in Spanish). Blank rows are left out;
 * a file without the template's columns, or with more than IMPORT_MAX_ROWS rows, is refused whole.
 * `pictureFiles`: the files of the ZIP the file came in, which its picture cells may name; none
 * when it came alone.
 */
export function readImportRows(grid: SheetGrid, pictureFiles?: readonly string[]): ImportRow[] {
  const headerIndex = grid.findIndex((row) => !isBlankRow(row));
  if (headerIndex < 0) throw badRequest('El archivo no tiene filas', { code: 'import_columns_missing' });
  const columns = findColumns(grid[headerIndex]!);
  const data = grid
    .map((row, index) => ({ row, number: index + 1 }))
    .slice(headerIndex + 1)
    .filter(({ row }) => !isBlankRow(row));
  if (data.length > IMPORT_MAX_ROWS) {
    throw badRequest(`El archivo tiene ${data.length} filas de preguntas; el máximo es ${IMPORT_MAX_ROWS}. Divídelo en varios archivos.`, {
      code: 'import_too_many_rows',
    });
  }
  const findPicture = pictureFiles && pictureFileFinder(pictureFiles);
  return data.map(({ row, number }) => readRow(row, columns, number, findPicture));
}
