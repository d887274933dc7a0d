import ExcelJS from 'exceljs';
import type { EntityManager } from 'typeorm';
import { kioskActivityName, QUESTION_FLAG_LABELS, siteName, type AnalysisExportQuery, type ImportFormat, type QuestionAnalysis, type TriviaActivity, type TriviaAnalysis } from '../../../contract';
import { csvFile, type Cell } from '../../platform/lib/csv-text';
import { zonedDay } from '../../platform/lib/time-zone';
import { triviaTimeZone } from '../../standings/event-time-zone';
import { triviaActivity } from './trivia-activity';
import { triviaAnalysis } from './trivia-analysis';

/** A share as a percentage to one decimal (50, 66.7); an empty cell when there is none. */
const percent = (share: number | null): Cell => (share === null ? null : Math.round(share * 1000) / 10);
const index = (value: number | null): Cell => (value === null ? null : Math.round(value * 100) / 100);
const seconds = (ms: number | null): Cell => (ms === null ? null : Math.round(ms / 100) / 10);
const score = (value: number | null): Cell => (value === null ? null : Math.round(value * 10) / 10);
const flags = (question: QuestionAnalysis): Cell => question.flags.map((flag) => QUESTION_FLAG_LABELS[flag]).join('; ') || null;

const QUESTION_HEADER = ['N.º', 'Pregunta', 'Mostrada', 'Respondida', 'Correctas', 'Facilidad (%)', 'Discriminación', 'Tiempo mediano (s)', 'Respuestas con tiempo', 'Avisos'];
const questionRow = (question: QuestionAnalysis, n: number): Cell[] => [
  n, question.text, question.shown, question.answered, question.correct, percent(question.facility), index(question.discrimination),
  seconds(question.medianAnswerMs), question.timedAnswers, flags(question),
];
const ANSWER_HEADER = ['N.º', 'Pregunta', 'Respuesta', 'Correcta', 'Elegida', 'Porcentaje (%)'];
const answerRows = (question: QuestionAnalysis, n: number): Cell[][] =>
  question.answers.map((answer) => [n, question.text, answer.text, answer.correct ? 'Sí' : 'No', answer.chosen, percent(answer.share)]);
const FIGURES_HEADER = ['Jugadores', 'Rondas', 'Puntaje promedio', 'Puntaje mediano'];

/** The filters, as the file's first lines say them. */
async function filterLines(em: EntityManager, triviaName: string, query: AnalysisExportQuery, timeZone: string): Promise<Cell[][]> {
  const [site] = query.locationId ? ((await em.query(`SELECT name FROM locations WHERE id = $1`, [query.locationId])) as { name: string }[]) : [];
  const [kiosk] = query.deviceId ? ((await em.query(`SELECT kiosk_name FROM devices WHERE id = $1`, [query.deviceId])) as { kiosk_name: string | null }[]) : [];
  const day = (value: string | undefined) => (value ? value.slice(0, 10) : 'Sin límite');
  return [
    ['Análisis de la trivia', triviaName],
    ['Sede', query.locationId ? (site?.name ?? `Sede ${query.locationId}`) : 'Todas'],
    ['Kiosco', query.deviceId ? kioskActivityName({ deviceId: query.deviceId, name: kiosk?.kiosk_name ?? null }) : 'Todos'],
    ['Desde', day(query.dateFrom)],
    ['Hasta', day(query.dateTo)],
    ['Resultados', 'Solo los que cuentan en el ranking (sin retenidos, descartados ni descalificados)'],
    ['Generado', `${zonedDay(timeZone)} (${timeZone})`],
    [],
  ];
}

/** CSV: one row per answer, its question's figures beside it (a table a spreadsheet can pivot). */
function writeCsv(top: Cell[][], analysis: TriviaAnalysis): Buffer {
  const header = [...QUESTION_HEADER, ...ANSWER_HEADER.slice(2)];
  const rows = analysis.questions.flatMap((question, i) => {
    const figures = questionRow(question, i + 1);
    const answers = answerRows(question, i + 1);
    return answers.length > 0 ? answers.map((answer) => [...figures, ...answer.slice(2)]) : [figures];
  });
  return csvFile([...top, header, ...rows]);
}

/** XLSX: a sheet per view, each opening with the filters. Texts are text cells, never formulas (ExcelJS writes strings as shared strings). */
async function writeXlsx(top: Cell[][], analysis: TriviaAnalysis, activity: TriviaActivity): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = (name: string, header: string[], rows: Cell[][], widths: number[]) => {
    const ws = workbook.addWorksheet(name);
    for (const line of top) ws.addRow(line);
    ws.addRow(header).font = { bold: true };
    for (const row of rows) ws.addRow(row);
    widths.forEach((width, column) => (ws.getColumn(column + 1).width = width));
  };
  sheet('Preguntas', QUESTION_HEADER, analysis.questions.map((q, i) => questionRow(q, i + 1)), [16, 60, 11, 11, 11, 13, 14, 18, 20, 50]);
  sheet('Respuestas', ANSWER_HEADER, analysis.questions.flatMap((q, i) => answerRows(q, i + 1)), [16, 60, 40, 10, 10, 15]);
  sheet('Sedes', ['Sede', ...FIGURES_HEADER], activity.sites.map((s) => [siteName(s.name), s.players, s.rounds, score(s.averageScore), score(s.medianScore)]), [30, 11, 11, 17, 17]);
  sheet('Kioscos', ['Kiosco', ...FIGURES_HEADER], activity.kiosks.map((k) => [kioskActivityName(k), k.players, k.rounds, score(k.averageScore), score(k.medianScore)]), [30, 11, 11, 17, 17]);
  const byDay = activity.timeline.unit === 'day';
  sheet(
    byDay ? 'Por día' : 'Por hora',
    [`${byDay ? 'Día' : 'Hora'} (${activity.timeZone})`, 'Sede', 'Rondas'],
    activity.timeline.slots.map((slot) => [byDay ? slot.start.slice(0, 10) : slot.start.replace('T', ' '), siteName(slot.site), slot.rounds]),
    [22, 30, 10],
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * A trivia's analysis as a file under the screen's filters: XLSX with a sheet per view (questions,
 * answers, sites, kiosks, hours or days; the sites', kiosks' and timeline's figures read the date range only,
 * as on the screen) or CSV (one row per answer). Both open with the filters. Returns its name too.
 */
export async function analysisFile(
  em: EntityManager,
  trivia: { id: number; name: string },
  query: AnalysisExportQuery,
): Promise<{ baseName: string; format: ImportFormat; bytes: Buffer }> {
  const timeZone = await triviaTimeZone(em, trivia.id);
  const top = await filterLines(em, trivia.name, query, timeZone);
  const analysis = await triviaAnalysis(em, trivia.id, query);
  const bytes = query.format === 'csv' ? writeCsv(top, analysis) : await writeXlsx(top, analysis, await triviaActivity(em, trivia.id, query));
  return { baseName: `analisis_${trivia.name.trim()}_${zonedDay(timeZone)}`, format: query.format, bytes };
}
