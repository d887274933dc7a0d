import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * "Varias correctas" (select all that apply, contract/question-kinds.ts): the question kind
 * `multiple`, whose answers keep every answer marked in `answerIds`. The analysis' fold (a frozen
 * copy of 1797700000000-question-clock.ts's but for the keys an answer is counted under) counts
 * such an answer under each answer marked (their shares) and under the key of the set it marked
 * (`MARKED_SET`; api/results/insights/trivia-figures.ts `markedSetKey` is the same in TypeScript),
 * which the analysis compares with the key of the correct set.
 * Down turns the kind's questions into `choice` questions keeping their first correct answer.
 */
const EVERY_DEVICE = `'00000000-0000-0000-0000-000000000000'::uuid`;
const FOLD_LOCK = 1_796_700_001;
/** The analysis' answer key of "Tiempo agotado" (api/results/insights/analysis-logs.ts reads it). */
const TIMED_OUT = -1;

/** The key before: the answer chosen, or TIMED_OUT. */
const ONE_KEY = `coalesce((e->>'answerId')::int, ${TIMED_OUT})`;

/**
 * The key of a set of answers marked (`ids`, a JSON array of answer ids): below TIMED_OUT, from the
 * MD5 of the ids ascending joined by commas, so two sets share one only by a 30-bit coincidence.
 */
const MARKED_SET = (ids: string) =>
  `-2 - (('x' || substr(md5(array_to_string(ARRAY(SELECT m::int FROM jsonb_array_elements_text(${ids}) m ORDER BY 1), ',')), 1, 8))::bit(32)::int & 1073741823)`;

/**
 * The keys now, joined to each answer as `p.answer_id`: an answer without `answerIds` under
 * ONE_KEY as before; one with them ("Varias correctas") under each answer marked and under the key
 * of the set it marked (`MARKED_SET`).
 */
const KEYS_JOINED = ` CROSS JOIN LATERAL (
         SELECT ${ONE_KEY} WHERE e->'answerIds' IS NULL
         UNION ALL SELECT m::int FROM jsonb_array_elements_text(e->'answerIds') m
         UNION ALL SELECT ${MARKED_SET(`e->'answerIds'`)} WHERE e->'answerIds' IS NOT NULL
       ) p(answer_id)`;
const QUEUED = 'sign, question_group_id, location_id, kiosk_id, analysis_hour, score, question_ids, answers';

/** Adds to a trivia log's folded sums (one row per key). */
const addedTo = (log: string, keys: string[], value: string) =>
  `ON CONFLICT (question_group_id, ${keys.join(', ')}) WHERE folded DO UPDATE SET ${value} = ${log}.${value} + EXCLUDED.${value}`;

/**
 * Adds the rounds `changed` (sign, and player_attempts' columns) to the trivia logs' folded sums,
 * each answer under `answerId` (an expression of the answer's JSON `e`, or of what `picks` joins to it).
 */
const triviaCounts = (changed: string, answerId: string, picks: string) => `
  WITH changed AS (${changed}),
  scoped AS MATERIALIZED (
    SELECT c.sign, c.question_group_id, c.score, c.analysis_hour::date AS day, c.question_ids, c.answers, s.site_id, k.kiosk_id
      FROM changed c
     CROSS JOIN LATERAL (VALUES (0), (c.location_id)) AS s(site_id)
     CROSS JOIN LATERAL (VALUES (${EVERY_DEVICE}), (c.kiosk_id)) AS k(kiosk_id)
     WHERE s.site_id IS NOT NULL AND k.kiosk_id IS NOT NULL
  ),
  rounds AS (
    INSERT INTO analysis_round_log (question_group_id, site_id, kiosk_id, day, score, rounds, folded)
    SELECT question_group_id, site_id, kiosk_id, day, score, sum(sign), true FROM scoped GROUP BY 1, 2, 3, 4, 5 HAVING sum(sign) <> 0
    ${addedTo('analysis_round_log', ['site_id', 'kiosk_id', 'day', 'score'], 'rounds')}
  ),
  hours AS (
    INSERT INTO analysis_hour_log (question_group_id, site_id, hour, rounds, folded)
    SELECT question_group_id, location_id, analysis_hour, sum(sign), true FROM changed GROUP BY 1, 2, 3 HAVING sum(sign) <> 0
    ${addedTo('analysis_hour_log', ['site_id', 'hour'], 'rounds')}
  ),
  days AS (
    INSERT INTO analysis_day_log (question_group_id, site_id, day, rounds, folded)
    SELECT question_group_id, location_id, analysis_hour::date, sum(sign), true FROM changed GROUP BY 1, 2, 3 HAVING sum(sign) <> 0
    ${addedTo('analysis_day_log', ['site_id', 'day'], 'rounds')}
  ),
  answers AS (
    INSERT INTO analysis_answer_log (question_group_id, site_id, kiosk_id, day, score, question_id, answer_id, n, folded)
    SELECT s.question_group_id, s.site_id, s.kiosk_id, s.day, s.score, x.question_id, x.answer_id, sum(s.sign), true
      FROM scoped s
     CROSS JOIN LATERAL (
       SELECT q.question_id, 0 AS answer_id
         FROM unnest(coalesce(s.question_ids, ARRAY(SELECT (e->>'questionId')::int FROM jsonb_array_elements(coalesce(s.answers, '[]')) e))) AS q(question_id)
       UNION ALL
       SELECT (e->>'questionId')::int, ${answerId} FROM jsonb_array_elements(coalesce(s.answers, '[]')) e${picks}
     ) x
     GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(s.sign) <> 0
    ${addedTo('analysis_answer_log', ['site_id', 'kiosk_id', 'day', 'score', 'question_id', 'answer_id'], 'n')}
  )
  INSERT INTO analysis_time_log (question_group_id, site_id, kiosk_id, day, question_id, tenth, n, folded)
  SELECT s.question_group_id, s.site_id, s.kiosk_id, s.day, (e->>'questionId')::int, round((e->>'elapsedMs')::numeric / 100)::int, sum(s.sign), true
    FROM scoped s CROSS JOIN LATERAL jsonb_array_elements(coalesce(s.answers, '[]')) e
   WHERE e->>'elapsedMs' IS NOT NULL
   GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(s.sign) <> 0
  ${addedTo('analysis_time_log', ['site_id', 'kiosk_id', 'day', 'question_id', 'tenth'], 'n')}`;

/** The fold, each answer counted under `answerId`, with `picks` joined to each answer (`KEYS_JOINED`) or nothing (the fold before). */
const fold = (answerId: string, picks = '') => `
      CREATE OR REPLACE FUNCTION analysis_fold(owner_id integer, wait boolean DEFAULT false) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        IF wait THEN PERFORM pg_advisory_xact_lock(${FOLD_LOCK}, owner_id);
        ELSIF NOT pg_try_advisory_xact_lock(${FOLD_LOCK}, owner_id) THEN RETURN;
        END IF;
        ${triviaCounts(`DELETE FROM analysis_round_queue WHERE question_group_id = owner_id RETURNING ${QUEUED}`, answerId, picks)};
      END $$`;

export class MultipleAnswers1798100000000 implements MigrationInterface {
  name = 'MultipleAnswers1798100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "questions" DROP CONSTRAINT "questions_kind_check"`);
    await queryRunner.query(`ALTER TABLE "questions" ADD CONSTRAINT "questions_kind_check" CHECK ("kind" IN ('choice', 'true_false', 'multiple', 'poll'))`);
    await queryRunner.query(fold('p.answer_id', KEYS_JOINED));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(fold(ONE_KEY));
    await queryRunner.query(
      `UPDATE "answers" a SET "is_correct" = false FROM "questions" q
        WHERE q.id = a.question_id AND q.kind = 'multiple' AND a.is_correct
          AND a.id <> (SELECT min(b.id) FROM "answers" b WHERE b.question_id = q.id AND b.is_correct)`,
    );
    await queryRunner.query(`UPDATE "questions" SET "kind" = 'choice' WHERE "kind" = 'multiple'`);
    await queryRunner.query(`ALTER TABLE "questions" DROP CONSTRAINT "questions_kind_check"`);
    await queryRunner.query(`ALTER TABLE "questions" ADD CONSTRAINT "questions_kind_check" CHECK ("kind" IN ('choice', 'true_false', 'poll'))`);
  }
}
