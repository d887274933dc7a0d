import { CsvError, parse } from 'csv-parse/sync';
import { IMPORT_MAX_ROWS } from '../../../contract';
import { badRequest } from '../../platform/http/errors';
import { unmarkFormulaLike, type SheetCell, type SheetGrid } from './sheet';

/** The separator of the header line: spreadsheets in Spanish locales write `;`, others `,` (or a tab). */
function sniffDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/**
 * A CSV cell: text as written, except that one starting with `=` is a formula (an error for its
 * row, as in a spreadsheet), and the export's apostrophe before formula-like text is removed.
 */
function csvCell(raw: string): SheetCell {
  if (raw.trimStart().startsWith('=')) return { formula: true };
  return unmarkFormulaLike(raw);
}

/**
 * More lines than IMPORT_MAX_ROWS rows can need, even with line breaks inside their cells and blank
 * lines between them. Counted before parsing: a file of half a million blank lines is refused in a
 * millisecond instead of keeping the parser busy for seconds.
 */
export const CSV_MAX_LINES = IMPORT_MAX_ROWS * 20;

function refuseTooManyLines(text: string): void {
  let lines = 1;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) {
    if (++lines > CSV_MAX_LINES) {
      throw badRequest(
        `El archivo tiene más de ${CSV_MAX_LINES.toLocaleString('es')} líneas; ${IMPORT_MAX_ROWS} preguntas no necesitan tantas. Quita las líneas vacías o divídelo en varios archivos.`,
        { code: 'import_too_many_rows' },
      );
    }
  }
}

/** Every record of a CSV text (quoted cells may hold line breaks, `""` is a quote). */
export function readCsv(text: string): SheetGrid {
  refuseTooManyLines(text);
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), {
      delimiter: sniffDelimiter(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    });
  } catch (error) {
    if (error instanceof CsvError) {
      throw badRequest('El archivo CSV no se pudo leer: revisa las comillas', { code: 'import_file_unsupported' });
    }
    throw error;
  }
  return records.map((record) => record.map(csvCell));
}
