import type { PlacedPicture, QuestionKind } from '../../../contract';
import { placedPictureSql } from '../../content/pictures/ledger';

/**
 * Questions with their answers, the answer key and their pictures, one row per answer (a question
 * without answers: one row of nulls), as the analysis and a player's history read them. The caller
 * adds the WHERE (and any ORDER BY) on `q` (questions) and `a` (answers).
 */
export const QUESTION_KEY_SELECT = `
  SELECT q.id AS question_id, q.text AS question_text, q.kind AS question_kind, a.id AS answer_id, a.text AS answer_text, a.is_correct,
         ${placedPictureSql('q', 'qp')} AS question_picture, ${placedPictureSql('a', 'ap')} AS answer_picture
    FROM questions q
    LEFT JOIN pictures qp ON qp.name = q.picture_name
    LEFT JOIN answers a ON a.question_id = q.id
    LEFT JOIN pictures ap ON ap.name = a.picture_name`;

export interface QuestionKeyRow {
  question_id: number;
  question_text: string;
  question_kind: QuestionKind;
  question_picture: PlacedPicture | null;
  answer_id: number | null;
  answer_text: string | null;
  answer_picture: PlacedPicture | null;
  is_correct: boolean | null;
}
