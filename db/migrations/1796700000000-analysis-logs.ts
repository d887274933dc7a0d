import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The analysis kept as results arrive (docs/decisions.md, "Insights at event scale"): logs of
 * counts per key that an analysis sums (a few thousand rows instead of every round), fed by
 * statement triggers whenever the rounds the analysis holds, or a campaign's standings, change.
 *
 * - `player_attempts.analysis_hour`: the hour of the event's clock a counted round is held under
 *   (null: not held); `kiosk_id`: the kiosk it was played on. api/standings/analysed-rounds.ts sets
 *   them. The trigger on player_attempts queues each changed round once, as it was (−1) and as it
 *   is (+1), in `analysis_round_queue`: one row, never a shared counter, so no completion waits on
 *   another's. `analysis_fold` empties a trivia's queue into the logs' sums, its rounds' answers
 *   expanded and grouped by key: one write in 32 (at random) folds the trivias it touched (an
 *   advisory lock, tried, never waited for), and a reader folds before reading, waiting for the lock
 *   (api/results/insights/analysis-logs.ts). A batch folds far fewer rows than its rounds' keys.
 * - Trivia logs, per scope: site 0 is every site, kiosk `EVERY_DEVICE` every device; a round counts
 *   at every site and its own, on every device and its kiosk. Per day and score (the groups that
 *   discrimination compares are cut by score): `analysis_round_log` (rounds) and
 *   `analysis_answer_log` (per question the rounds that showed it, answer 0, and that chose each
 *   answer); per day `analysis_time_log` (answer times to the tenth of a second). Per hour and per
 *   day, and the site where it was played, `analysis_hour_log` and `analysis_day_log` (the timelines).
 * - `campaign_analysis_log`, per campaign and site, from its standings: per trivia the players with
 *   a selected score and their sum ('t'), the players by how many trivias they finished ('c'), by
 *   band of the weighted total ('b'; the bands are cut by the campaign's weights, so a change of
 *   its weights refreshes its standings and the log with them). Its trigger appends deltas
 *   (`folded` false), which one write in 32 and readers fold into one row per key (true).
 *
 * The backfill is a frozen copy of the rules as they were when this was written.
 */
const EVERY_DEVICE = `'00000000-0000-0000-0000-000000000000'::uuid`;
const FOLD_LOCK = 1_796_700_001;
const CAMPAIGN_FOLD_LOCK = 1_796_700_002;

/** Adds to a trivia log's folded sums (one row per key). */
const addedTo = (log: string, keys: string[], value: string) =>
  `ON CONFLICT (question_group_id, ${keys.join(', ')}) WHERE folded DO UPDATE SET ${value} = ${log}.${value} + EXCLUDED.${value}`;

/** Adds the rounds `changed` (sign, and player_attempts' columns) to the trivia logs' folded sums. */
const triviaCounts = (changed: string) => `
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
       SELECT (e->>'questionId')::int, (e->>'answerId')::int FROM jsonb_array_elements(coalesce(s.answers, '[]')) e
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

const HELD = `analysis_hour IS NOT NULL`;

/** The trivia logs' queue: each changed round as it was (−1) or is (+1), as a trigger saw it. */
const QUEUED = 'sign, question_group_id, location_id, kiosk_id, analysis_hour, score, question_ids, answers';
const queueRounds = (changed: string) => `INSERT INTO analysis_round_queue (${QUEUED}) SELECT ${QUEUED} FROM (${changed}) c`;


/** The campaign log's deltas of the standings `changed` (sign, and campaign_standings' columns). */
const campaignDeltas = (changed: string) => `
  WITH changed AS MATERIALIZED (${changed}),
  entries AS (
    SELECT c.campaign_id, c.site_id, 't' AS kind, e.key::int AS key, c.sign AS players, c.sign * e.value::numeric AS score_sum
      FROM changed c CROSS JOIN LATERAL jsonb_each_text(c.best_scores) e
    UNION ALL
    SELECT c.campaign_id, c.site_id, 'c', (SELECT count(*) FROM jsonb_object_keys(c.best_scores))::int, c.sign, 0 FROM changed c
    UNION ALL
    SELECT c.campaign_id, c.site_id, 'b',
           least(width_bucket(c.total_score::float8, 0, greatest((SELECT 100 * coalesce(sum(l.weight), 0) FROM campaign_question_groups l WHERE l.campaign_id = c.campaign_id)::float8, 1), 10), 10),
           c.sign, 0
      FROM changed c
  )
  INSERT INTO campaign_analysis_log (campaign_id, site_id, kind, key, players, score_sum)
  SELECT campaign_id, site_id, kind, key, sum(players), sum(score_sum) FROM entries GROUP BY 1, 2, 3, 4 HAVING sum(players) <> 0 OR sum(score_sum) <> 0`;

/**
 * A statement trigger function over a table's transition tables: the deltas (`deltas(changed)`) of
 * the rows inserted (+1), deleted (−1) or updated (−1 as they were, +1 as they are) that `keep`
 * holds, leaving out deleted rows of a parent deleted in the same statement (a trivia, a campaign);
 * then, one time in 32, the `owner`s touched folded by `fold`. A statement that touched no such
 * row (most writes of attempts: a start, a completion before its refresh) returns at once.
 */
const triggerFunction = (name: string, keep: string, parent: string, deltas: (changed: string) => string, owner: string, fold: string) => {
  const branch = (changed: string) => `
    IF NOT EXISTS (${changed}) THEN RETURN NULL; END IF;
    ${deltas(changed)};
    IF random() < 1.0 / 32 THEN
      PERFORM ${fold}(t.id) FROM (SELECT DISTINCT ${owner} AS id FROM (${changed}) c) t;
    END IF;`;
  return `
  CREATE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN${branch(`SELECT 1 AS sign, n.* FROM new_rows n WHERE n.${keep}`)}
    ELSIF TG_OP = 'DELETE' THEN${branch(`SELECT -1 AS sign, o.* FROM old_rows o WHERE o.${keep} AND EXISTS (${parent})`)}
    ELSE${branch(`SELECT -1 AS sign, o.* FROM old_rows o WHERE o.${keep} UNION ALL SELECT 1, n.* FROM new_rows n WHERE n.${keep}`)}
    END IF;
    RETURN NULL;
  END $$;`;
};

const triggers = (table: string, fn: string) =>
  ['insert', 'delete', 'update']
    .map((event) => {
      const tables = event === 'insert' ? 'NEW TABLE AS new_rows' : event === 'delete' ? 'OLD TABLE AS old_rows' : 'OLD TABLE AS old_rows NEW TABLE AS new_rows';
      return `CREATE TRIGGER "${table}_analysed_${event}" AFTER ${event.toUpperCase()} ON "${table}" REFERENCING ${tables} FOR EACH STATEMENT EXECUTE FUNCTION "${fn}"()`;
    });

/** Folds a log's deltas of one trivia or campaign ($key) into one row per key. */
const foldLog = (log: string, owner: string, keys: string[], value: string[]) => `
    WITH gone AS (DELETE FROM ${log} WHERE ${owner} = owner_id AND NOT folded RETURNING ${[...keys, ...value].join(', ')})
    INSERT INTO ${log} (${owner}, ${[...keys, ...value].join(', ')}, folded)
    SELECT owner_id, ${keys.join(', ')}, ${value.map((v) => `sum(${v})`).join(', ')}, true FROM gone GROUP BY ${keys.join(', ')}
    ON CONFLICT (${owner}, ${keys.join(', ')}) WHERE folded DO UPDATE SET ${value.map((v) => `${v} = ${log}.${v} + EXCLUDED.${v}`).join(', ')};`;

const TRIVIA_LOGS: [string, string[], string[]][] = [
  ['analysis_round_log', ['site_id', 'kiosk_id', 'day', 'score'], ['rounds']],
  ['analysis_answer_log', ['site_id', 'kiosk_id', 'day', 'score', 'question_id', 'answer_id'], ['n']],
  ['analysis_time_log', ['site_id', 'kiosk_id', 'day', 'question_id', 'tenth'], ['n']],
  ['analysis_hour_log', ['site_id', 'hour'], ['rounds']],
  ['analysis_day_log', ['site_id', 'day'], ['rounds']],
];

export class AnalysisLogs1796700000000 implements MigrationInterface {
  name = 'AnalysisLogs1796700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "question_groups" ADD "analysis_time_zone" character varying(64)`);
    await queryRunner.query(`ALTER TABLE "player_attempts" ADD "kiosk_id" uuid`);
    await queryRunner.query(`ALTER TABLE "player_attempts" ADD "analysis_hour" TIMESTAMP`);

    const scope = `"site_id" integer NOT NULL, "kiosk_id" uuid NOT NULL, "day" date NOT NULL`;
    await queryRunner.query(`CREATE TABLE "analysis_round_log" ("question_group_id" integer NOT NULL, ${scope}, "score" integer NOT NULL, "rounds" integer NOT NULL, "folded" boolean NOT NULL DEFAULT false)`);
    await queryRunner.query(
      `CREATE TABLE "analysis_answer_log" ("question_group_id" integer NOT NULL, ${scope}, "score" integer NOT NULL, "question_id" integer NOT NULL, "answer_id" integer NOT NULL, "n" integer NOT NULL, "folded" boolean NOT NULL DEFAULT false)`,
    );
    await queryRunner.query(
      `CREATE TABLE "analysis_time_log" ("question_group_id" integer NOT NULL, ${scope}, "question_id" integer NOT NULL, "tenth" integer NOT NULL, "n" integer NOT NULL, "folded" boolean NOT NULL DEFAULT false)`,
    );
    await queryRunner.query(`CREATE TABLE "analysis_hour_log" ("question_group_id" integer NOT NULL, "site_id" integer, "hour" TIMESTAMP NOT NULL, "rounds" integer NOT NULL, "folded" boolean NOT NULL DEFAULT false)`);
    await queryRunner.query(`CREATE TABLE "analysis_day_log" ("question_group_id" integer NOT NULL, "site_id" integer, "day" date NOT NULL, "rounds" integer NOT NULL, "folded" boolean NOT NULL DEFAULT false)`);
    await queryRunner.query(
      `CREATE TABLE "analysis_round_queue" ("question_group_id" integer NOT NULL, "sign" integer NOT NULL, "location_id" integer, "kiosk_id" uuid, "analysis_hour" TIMESTAMP NOT NULL, "score" integer NOT NULL, "question_ids" integer array, "answers" jsonb)`,
    );
    await queryRunner.query(`CREATE INDEX "analysis_round_queue_trivia_idx" ON "analysis_round_queue" ("question_group_id")`);
    await queryRunner.query(
      `CREATE TABLE "campaign_analysis_log" ("campaign_id" integer NOT NULL, "site_id" integer NOT NULL, "kind" character(1) NOT NULL, "key" integer NOT NULL, "players" integer NOT NULL, "score_sum" numeric NOT NULL, "folded" boolean NOT NULL DEFAULT false)`,
    );
    for (const [log, keys] of [...TRIVIA_LOGS.map(([log, keys]) => [log, ['question_group_id', ...keys]] as const), ['campaign_analysis_log', ['campaign_id', 'site_id', 'kind', 'key']] as const]) {
      await queryRunner.query(`CREATE UNIQUE INDEX "${log}_folded_key" ON "${log}" (${keys.map((k) => `"${k}"`).join(', ')}) NULLS NOT DISTINCT WHERE folded`);
      await queryRunner.query(`CREATE INDEX "${log}_deltas_idx" ON "${log}" ("${keys[0]}") WHERE NOT folded`);
    }

    await queryRunner.query(`
      CREATE FUNCTION analysis_fold(owner_id integer, wait boolean DEFAULT false) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        IF wait THEN PERFORM pg_advisory_xact_lock(${FOLD_LOCK}, owner_id);
        ELSIF NOT pg_try_advisory_xact_lock(${FOLD_LOCK}, owner_id) THEN RETURN;
        END IF;
        ${triviaCounts(`DELETE FROM analysis_round_queue WHERE question_group_id = owner_id RETURNING ${QUEUED}`)};
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION campaign_analysis_fold(owner_id integer) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        IF NOT pg_try_advisory_xact_lock(${CAMPAIGN_FOLD_LOCK}, owner_id) THEN RETURN; END IF;${foldLog('campaign_analysis_log', 'campaign_id', ['site_id', 'kind', 'key'], ['players', 'score_sum'])}
      END $$`);

    // Backfill, before the triggers: each trivia keyed in its company's zone (else the server's),
    // each completed round's kiosk as its device is now, each counted round held; the logs from
    // the rounds held and the standings as they are.
    const serverZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    await queryRunner.query(
      `UPDATE question_groups g SET analysis_time_zone = coalesce(c.time_zone, $1) FROM companies c WHERE c.id = g.company_id`,
      [serverZone],
    );
    await queryRunner.query(`
      UPDATE player_attempts a
         SET kiosk_id = d.id
        FROM devices d
       WHERE d.id = a.device_id AND d.kiosk_setup_at IS NOT NULL AND a.completed_at IS NOT NULL`);
    await queryRunner.query(`
      UPDATE player_attempts a
         SET analysis_hour = date_trunc('hour', a.completed_at AT TIME ZONE g.analysis_time_zone)
        FROM question_groups g
       WHERE g.id = a.question_group_id
         AND a.completed_at IS NOT NULL AND a.review_status IN ('clean', 'released')
         AND NOT EXISTS (SELECT 1 FROM ranking_disqualifications d WHERE d.question_group_id = a.question_group_id AND d.player_id = a.player_id AND d.restored_at IS NULL AND (d.attempt_id IS NULL OR d.attempt_id = a.id))`);
    await queryRunner.query(triviaCounts(`SELECT 1 AS sign, a.* FROM player_attempts a WHERE a.${HELD}`));
    await queryRunner.query(campaignDeltas(`SELECT 1 AS sign, s.* FROM campaign_standings s`));

    await queryRunner.query(triggerFunction('player_attempts_analysed', HELD, 'SELECT 1 FROM question_groups g WHERE g.id = o.question_group_id', queueRounds, 'question_group_id', 'analysis_fold'));
    for (const statement of triggers('player_attempts', 'player_attempts_analysed')) await queryRunner.query(statement);
    await queryRunner.query(
      triggerFunction('campaign_standings_analysed', 'site_id IS NOT NULL', 'SELECT 1 FROM campaigns k WHERE k.id = o.campaign_id', campaignDeltas, 'campaign_id', 'campaign_analysis_fold'),
    );
    for (const statement of triggers('campaign_standings', 'campaign_standings_analysed')) await queryRunner.query(statement);

    // A trivia or campaign deleted takes its logs along (they hold no foreign keys: a delta row
    // written per completion would otherwise check one).
    await queryRunner.query(`
      CREATE FUNCTION question_groups_forget_analysis() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN${[...TRIVIA_LOGS.map(([log]) => log), 'analysis_round_queue'].map((log) => `\n        DELETE FROM ${log} WHERE question_group_id IN (SELECT id FROM old_rows);`).join('')}
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "question_groups_forget_analysis" AFTER DELETE ON "question_groups" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION question_groups_forget_analysis()`,
    );
    await queryRunner.query(`
      CREATE FUNCTION campaigns_forget_analysis() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM campaign_analysis_log WHERE campaign_id IN (SELECT id FROM old_rows);
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "campaigns_forget_analysis" AFTER DELETE ON "campaigns" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION campaigns_forget_analysis()`,
    );

  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "campaigns_forget_analysis" ON "campaigns"`);
    await queryRunner.query(`DROP FUNCTION campaigns_forget_analysis()`);
    await queryRunner.query(`DROP TRIGGER "question_groups_forget_analysis" ON "question_groups"`);
    await queryRunner.query(`DROP FUNCTION question_groups_forget_analysis()`);
    for (const table of ['player_attempts', 'campaign_standings']) {
      for (const event of ['insert', 'delete', 'update']) await queryRunner.query(`DROP TRIGGER "${table}_analysed_${event}" ON "${table}"`);
      await queryRunner.query(`DROP FUNCTION "${table}_analysed"()`);
    }
    await queryRunner.query(`DROP FUNCTION campaign_analysis_fold(integer)`);
    await queryRunner.query(`DROP FUNCTION analysis_fold(integer, boolean)`);
    for (const log of ['campaign_analysis_log', 'analysis_round_queue', ...TRIVIA_LOGS.map(([log]) => log)]) await queryRunner.query(`DROP TABLE "${log}"`);
    await queryRunner.query(`ALTER TABLE "player_attempts" DROP COLUMN "analysis_hour"`);
    await queryRunner.query(`ALTER TABLE "player_attempts" DROP COLUMN "kiosk_id"`);
    await queryRunner.query(`ALTER TABLE "question_groups" DROP COLUMN "analysis_time_zone"`);
  }
}
