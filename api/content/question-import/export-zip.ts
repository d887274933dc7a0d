import path from 'node:path';
import { PassThrough } from 'node:stream';
import archiver from 'archiver';
import { pictureWidths, type PlacedPicture } from '../../../contract';
import { picturesDir } from '../pictures/storage';
import { pictureFileName, writeQuestions, type QuestionRow } from './write';

/** The name of the workbook inside a ZIP export. */
export const EXPORT_WORKBOOK = 'preguntas.xlsx';

/**
 * A trivia's questions with their pictures as one ZIP: the workbook (with the pictures' columns)
 * and each picture it names, once, as the JPEG of its largest stored width (the format every
 * spreadsheet and image viewer opens).
 */
export async function writeQuestionsZip(uploadDir: string, questions: QuestionRow[]): Promise<Buffer> {
  const pictures = new Map<string, PlacedPicture>();
  for (const question of questions) {
    for (const picture of [question.picture, ...question.answers.map((answer) => answer.picture)]) if (picture) pictures.set(picture.name, picture);
  }
  const zip = archiver('zip', { zlib: { level: 6 } });
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    out.once('end', resolve);
    zip.once('error', reject);
  });
  zip.pipe(out);
  zip.append(await writeQuestions('xlsx', questions, { pictures: true }), { name: EXPORT_WORKBOOK });
  for (const picture of pictures.values()) {
    const widest = pictureWidths(picture.width).at(-1)!;
    zip.file(path.join(picturesDir(uploadDir), `${picture.name}-${widest}.jpg`), { name: pictureFileName(picture) });
  }
  await zip.finalize();
  await done;
  return Buffer.concat(chunks);
}
