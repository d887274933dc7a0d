import { importRowPictureFiles, type ImportRow } from '../../../../contract';

/**
 * The preview's rows with each picture the server refused on upload as a problem of the rows that
 * name it: those rows are not imported (the server skips a row whose picture was not uploaded).
 */
export function withRefusedPictures(rows: ImportRow[], refused: Record<string, string>): ImportRow[] {
  return rows.map((row) => {
    const problems = importRowPictureFiles(row)
      .filter((file) => Object.hasOwn(refused, file))
      .map((file) => `La imagen «${file}» no se pudo subir: ${refused[file]}`);
    return problems.length === 0 ? row : { ...row, problems: [...row.problems, ...problems] };
  });
}

/** The rows that will be imported. */
export const importableRows = (rows: ImportRow[]) => rows.filter((row) => row.problems.length === 0);

/** The pictures the importable rows name, each once, in the order of the rows. */
export const picturesOfRows = (rows: ImportRow[]) => [...new Set(importableRows(rows).flatMap(importRowPictureFiles))];
