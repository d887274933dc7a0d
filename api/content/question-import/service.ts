import type { EntityManager } from 'typeorm';
import { importRowPictureFiles, type ImportPreview, type ImportResult, type ImportRow, type QuestionExportFormat } from '../../../contract';
import type { ImportReadLimits } from '../../platform/config';
import { AnswerEntity, QuestionEntity } from '../../../db/entities';
import { unprocessable } from '../../platform/http/errors';
import { quoted, recordActivity, type Actor } from '../../platform/activity/record';
import { findQuestionGroup } from '../question-groups/service';
import { listAnswersOfGroup, listQuestions } from '../questions/service';
import { placePictures, presentPlaced } from '../pictures/ledger';
import { writeQuestionsZip } from './export-zip';
import { readImportFileOffLoop } from './read-pool';
import { writeQuestions, type QuestionRow } from './write';

/** Every row of the file with its problems; nothing is stored. `pictureFiles`: the pictures of the ZIP it came in. */
export async function previewImport(
  em: EntityManager,
  groupId: number,
  { bytes, pictureFiles }: { bytes: Buffer; pictureFiles?: string[] },
  limits: ImportReadLimits,
): Promise<ImportPreview> {
  await findQuestionGroup(em, groupId);
  const { format, rows } = await readImportFileOffLoop({ bytes, pictureFiles }, limits);
  const validCount = rows.filter((r) => r.problems.length === 0).length;
  return { format, rows, validCount, invalidCount: rows.length - validCount };
}

/**
 * Reads the file again (the server never takes a client's reading of it) and stores its valid rows,
 * in file order, after the trivia's questions, in one transaction; rows with problems are skipped
 * and counted. A file without one valid row is a 422 and stores nothing.
 *
 * Out of a ZIP, the rows' picture cells are read against its files (`pictureFiles`, as in the
 * preview) and `pictures` says which stored picture each file was uploaded as: a row naming a file
 * that was not uploaded (the server refused it) is skipped; a stored picture that no longer exists
 * is a 400 naming the file, as when a question is saved.
 */
export async function importQuestions(
  em: EntityManager,
  groupId: number,
  { bytes, pictureFiles, pictures }: { bytes: Buffer; pictureFiles?: string[]; pictures?: Record<string, string> },
  limits: ImportReadLimits,
  actor: Actor,
): Promise<ImportResult> {
  await findQuestionGroup(em, groupId);
  const { rows } = await readImportFileOffLoop({ bytes, pictureFiles: pictureFiles ?? (pictures && Object.keys(pictures)) }, limits);
  const uploaded = pictures ?? {};
  const valid = rows.filter((r) => r.problems.length === 0 && importRowPictureFiles(r).every((file) => Object.hasOwn(uploaded, file)));
  if (valid.length === 0) throw unprocessable('El archivo no tiene ninguna pregunta válida para importar', { code: 'import_nothing_valid' });
  const stored = (picture: ImportRow['picture']) => (picture ? { pictureName: uploaded[picture.file]!, pictureAlt: picture.alt } : {});
  await em.transaction(async (tx) => {
    await findQuestionGroup(tx, groupId);
    const files = [...new Set(valid.flatMap(importRowPictureFiles))];
    await placePictures(tx, files.map((file) => ({ path: `pictures.${file}`, name: uploaded[file]! })));
    // One INSERT per table: ids follow the rows' order, which is the order questions and answers are listed in.
    const inserted = await tx.insert(QuestionEntity, valid.map((r) => ({ text: r.text, groupId, kind: r.kind, clockSeconds: r.clockSeconds, ...stored(r.picture) })));
    const answers = valid.flatMap((r, i) =>
      r.answers.map((a) => ({ text: a.text, isCorrect: a.isCorrect, questionId: inserted.identifiers[i]!.id as number, ...stored(a.picture) })),
    );
    await tx.insert(AnswerEntity, answers);
    const group = await findQuestionGroup(tx, groupId);
    const count = valid.length === 1 ? '1 pregunta' : `${valid.length} preguntas`;
    await recordActivity(tx, actor, { companyId: group.companyId, kind: 'trivia', objectId: groupId, action: 'changed', summary: `Importó ${count} a la trivia ${quoted(group.name)}`, changes: { questions: [null, valid.length] } });
  });
  return { imported: valid.length, skipped: rows.length - valid.length };
}

/** A trivia's questions and answers, in their order. */
async function questionRows(em: EntityManager, groupId: number): Promise<QuestionRow[]> {
  const questions = await listQuestions(em, groupId);
  const { answers } = await listAnswersOfGroup(em, groupId);
  const byQuestion = new Map<number, AnswerEntity[]>();
  for (const answer of answers) byQuestion.set(answer.questionId, [...(byQuestion.get(answer.questionId) ?? []), answer]);
  return questions.map((q) => ({
    text: q.text,
    kind: q.kind,
    clockSeconds: q.clockSeconds,
    picture: presentPlaced(q),
    answers: (byQuestion.get(q.id) ?? []).map((a) => ({ text: a.text, isCorrect: a.isCorrect, picture: presentPlaced(a) })),
  }));
}

/** A trivia's questions as a file: CSV or XLSX (their texts), or a ZIP of the XLSX with their pictures. */
export async function exportQuestions(em: EntityManager, groupId: number, format: QuestionExportFormat, uploadDir: string) {
  const group = await findQuestionGroup(em, groupId);
  const rows = await questionRows(em, groupId);
  return { name: group.name, bytes: format === 'zip' ? await writeQuestionsZip(uploadDir, rows) : await writeQuestions(format, rows) };
}
