import { CsvError, parse } from 'csv-parse/sync';
import { badRequest } from '../errors';
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

/** Every record of a CSV text (quoted cells may hold line breaks, `""` is a quote). */
export function readCsv(text: string): SheetGrid {
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
