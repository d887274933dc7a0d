import ExcelJS from 'exceljs';
import { badRequest } from '../../platform/http/errors';
import type { SheetCell, SheetGrid } from './sheet';

const NOT_XLSX = 'El archivo no es un XLSX válido';

/** A cell's text; a formula (shared or not) is marked, never evaluated, and its cached result is ignored. */
function xlsxCell(value: ExcelJS.CellValue): SheetCell {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  if ('formula' in value || 'sharedFormula' in value) return { formula: true };
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('text' in value && typeof value.text === 'string') return value.text; // a hyperlink
  if ('error' in value) return String(value.error);
  return '';
}

/** The first sheet of an XLSX workbook, as text cells (row and column positions kept). */
export async function readXlsx(bytes: Buffer): Promise<SheetGrid> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest(NOT_XLSX, { code: 'import_file_unsupported' });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const grid: SheetGrid = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    const cells: SheetCell[] = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      cells[column - 1] = xlsxCell(cell.value);
    });
    grid[rowNumber - 1] = Array.from(cells, (cell) => cell ?? '');
  });
  return Array.from(grid, (row) => row ?? []);
}
