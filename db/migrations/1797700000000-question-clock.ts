import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A clock per question (contract/question-clock.ts):
 * - `question_groups.question_seconds`: each question's clock, 5 to 120 s; null (every trivia
 *   before) has none; `questions.clock_seconds`: a question's own clock over the trivia's (null:
 *   the trivia's);
 * - `player_attempts.extra_time`: the round was played with "Necesito más tiempo";
 * - an answer whose clock ran out is kept with `answerId` null. The analysis' fold (first written
 *   in 1796700000000-analysis-logs.ts, of which this is a frozen copy but for that key) counts it
 *   under answer TIMED_OUT of its question, beside answer 0 (the rounds that showed it), instead of
 *   failing on a null key.
 */
const EVERY_DEVICE = `'00000000-0000-0000-0000-000000000000'::uuid`;
const FOLD_LOCK = 1_796_700_001;
/** The analysis' answer key of "Tiempo agotado" (api/results/insights/analysis-logs.ts reads it). */
const TIMED_OUT = -1;
const QUEUED = 'sign, question_group_id, location_id, kiosk_id, analysis_hour, score, question_ids, answers';

/** Adds to a trivia log's folded sums (one row per key). */
const addedTo = (log: string, keys: string[], value: string) =>
  `ON CONFLICT (question_group_id, ${keys.join(', ')}) WHERE folded DO UPDATE SET ${value} = ${log}.${value} + EXCLUDED.${value}`;

/** Adds the rounds `changed` (sign, and player_attempts' columns) to the trivia logs' folded sums, each answer under `answerId`. */
const triviaCounts = (changed: string, answerId: string) => `
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
       SELECT (e->>'questionId')::int, ${answerId} FROM jsonb_array_elements(coalesce(s.answers, '[]')) e
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

/** The fold, each answer counted under `answerId` (an expression of the answer's JSON `e`). */
const fold = (answerId: string) => `
      CREATE OR REPLACE FUNCTION analysis_fold(owner_id integer, wait boolean DEFAULT false) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        IF wait THEN PERFORM pg_advisory_xact_lock(${FOLD_LOCK}, owner_id);
        ELSIF NOT pg_try_advisory_xact_lock(${FOLD_LOCK}, owner_id) THEN RETURN;
        END IF;
        ${triviaCounts(`DELETE FROM analysis_round_queue WHERE question_group_id = owner_id RETURNING ${QUEUED}`, answerId)};
      END $$`;

export class QuestionClock1797700000000 implements MigrationInterface {
  name = 'QuestionClock1797700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "question_groups" ADD "question_seconds" integer`);
    await queryRunner.query(`ALTER TABLE "question_groups" ADD CONSTRAINT "question_groups_question_seconds_check" CHECK (question_seconds BETWEEN 5 AND 120)`);
    await queryRunner.query(`ALTER TABLE "questions" ADD "clock_seconds" integer`);
    await queryRunner.query(`ALTER TABLE "questions" ADD CONSTRAINT "questions_clock_seconds_check" CHECK (clock_seconds BETWEEN 5 AND 120)`);
    await queryRunner.query(`ALTER TABLE "player_attempts" ADD "extra_time" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(fold(`coalesce((e->>'answerId')::int, ${TIMED_OUT})`));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(fold(`(e->>'answerId')::int`));
    await queryRunner.query(`ALTER TABLE "player_attempts" DROP COLUMN "extra_time"`);
    await queryRunner.query(`ALTER TABLE "questions" DROP CONSTRAINT "questions_clock_seconds_check"`);
    await queryRunner.query(`ALTER TABLE "questions" DROP COLUMN "clock_seconds"`);
    await queryRunner.query(`ALTER TABLE "question_groups" DROP CONSTRAINT "question_groups_question_seconds_check"`);
    await queryRunner.query(`ALTER TABLE "question_groups" DROP COLUMN "question_seconds"`);
  }
}
