import type pg from 'pg';
import { serverTimeZone } from '../../api/platform/lib/time-zone';
import { rebuildAllStandings, type Queryable } from '../../api/standings/refresh';

export interface BenchData {
  rankingTriviaId: number;
  /** A trivia scored by points (20 s a question) with as many attempts as the ranking trivia, its scores spread over 0..10,000. */
  pointsTriviaId: number;
  /** A campaign of ten trivias (weights 1..10, two attempts per trivia, mode best) over April 2026. */
  campaignId: number;
  campaignTrivias: { id: number; weight: number }[];
  playTriviaId: number;
  documentTypeId: number;
  locationIds: number[];
  /** For each question of the play trivia: its id and the id of one answer (the correct one). */
  playAnswers: { questionId: number; answerId: number }[];
}

/** A trivia's ten questions of four answers, the first one right. */
async function tenQuestions(client: pg.Client, triviaId: number) {
  const questions: { questionId: number; correct: number; wrong: number[] }[] = [];
  for (let q = 1; q <= 10; q++) {
    const [{ id: questionId }] = (await client.query(`INSERT INTO questions (text, group_id) VALUES ($1, $2) RETURNING id`, [`Pregunta ${q}`, triviaId])).rows;
    const answers: { id: number; is_correct: boolean }[] = (
      await client.query(
        `INSERT INTO answers (text, is_correct, question_id) SELECT 'Respuesta ' || a, a = 1, $1 FROM generate_series(1, 4) a RETURNING id, is_correct`,
        [questionId],
      )
    ).rows;
    questions.push({ questionId, correct: answers.find((a) => a.is_correct)!.id, wrong: answers.filter((a) => !a.is_correct).map((a) => a.id) });
  }
  return questions;
}

/**
 * The data the benchmarks read: a trivia with `attempts` attempts by `players` players (scores in
 * steps of 10, times 5..305 s, ~2% left unfinished and ~2% over the limit, spread over 20 sites and
 * 30 days), a campaign of ten trivias each with `campaignAttempts` attempts by the same players
 * (so every player plays every trivia, some twice or more), made in PostgreSQL with
 * generate_series so it takes seconds, and a 10-question trivia for the player hot path. The
 * ranking trivia's rounds carry their ten questions and chosen answers (the first `score / 10`
 * right, each answer's time 0.8..12.7 s), so its analysis reads a million of them. A trivia scored
 * by points has as many attempts, each right answer worth 500..1,000 points, so its standings hold
 * thousands of distinct scores where a percentage trivia's hold eleven.
 */
export async function seedBenchData(client: pg.Client, players: number, attempts: number, campaignAttempts: number): Promise<BenchData> {
  // A passport: the flows' document numbers carry letters that keep them apart (a cédula keeps digits only).
  const [{ id: documentTypeId }] = (await client.query(`SELECT id FROM document_types WHERE code = 'PA'`)).rows;
  const [{ id: companyId }] = (await client.query(`INSERT INTO companies (name) VALUES ('Benchmark') RETURNING id`)).rows;
  const locationIds: number[] = (
    await client.query(`INSERT INTO locations (name, company_id) SELECT 'Sede ' || g, $1 FROM generate_series(1, 20) g RETURNING id`, [companyId])
  ).rows.map((r: { id: number }) => r.id);
  const trivia = async (name: string) =>
    (await client.query(`INSERT INTO question_groups (name, company_id, questions_per_round) VALUES ($1, $2, 10) RETURNING id`, [name, companyId])).rows[0].id as number;
  const rankingTriviaId = await trivia('Ranking');
  const pointsTriviaId = await trivia('Puntos');
  await client.query(`UPDATE question_groups SET question_seconds = 20, scoring = 'points' WHERE id = $1`, [pointsTriviaId]);
  const playTriviaId = await trivia('Juego');
  const campaignTrivias: BenchData['campaignTrivias'] = [];
  for (let k = 1; k <= 10; k++) campaignTrivias.push({ id: await trivia(`Campaña ${k}`), weight: k });
  const [{ id: campaignId }] = (
    await client.query(
      `INSERT INTO campaigns (name, company_id, start_date, end_date, max_attempts_per_trivia, attempt_selection_mode)
       VALUES ('Campaña de carga', $1, '2026-04-01', '2026-04-30', 2, 'best') RETURNING id`,
      [companyId],
    )
  ).rows;
  for (const [index, link] of campaignTrivias.entries()) {
    await client.query(`INSERT INTO campaign_question_groups (campaign_id, question_group_id, weight, "order") VALUES ($1, $2, $3, $4)`, [
      campaignId,
      link.id,
      link.weight,
      index + 1,
    ]);
  }

  const playAnswers: BenchData['playAnswers'] = (await tenQuestions(client, playTriviaId)).map(({ questionId, correct }) => ({ questionId, answerId: correct }));
  // The ranking trivia's rounds carry their questions and answers, with times, for the analysis.
  const rankingQuestions = await tenQuestions(client, rankingTriviaId);

  // Autovacuum off on the loaded tables while they load: its ANALYZE of one table holds back the
  // horizon the seed's own VACUUM needs to mark the standings' pages all-visible (index-only scans).
  const loaded = ['players', 'player_attempts', 'trivia_standings', 'campaign_standings', 'trivia_day_standings', 'trivia_day_players', 'campaign_day_standings'];
  for (const table of loaded) await client.query(`ALTER TABLE ${table} SET (autovacuum_enabled = off)`);
  await client.query('SET synchronous_commit = off');
  await client.query(
    `INSERT INTO players (full_name, first_name, last_name, document_type_id, document_number, location_id)
     SELECT 'Jugador ' || g || ' Prueba', 'Jugador' || g, 'Prueba', $1, 'R' || lpad(g::text, 9, '0'), ($2::int[])[1 + g % 20]
       FROM generate_series(1, $3::int) g`,
    [documentTypeId, locationIds, players],
  );
  const [{ first }] = (await client.query(`SELECT min(id) AS first FROM players`)).rows;
  // Bulk load the way a restore does: indexes built once afterwards, foreign-key triggers skipped
  // (every reference is made valid by construction above).
  const indexes: { indexname: string; indexdef: string }[] = (
    await client.query(`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'player_attempts' AND indexdef NOT LIKE '%UNIQUE%'`)
  ).rows;
  for (const index of indexes) await client.query(`DROP INDEX "${index.indexname}"`);
  await client.query('SET session_replication_role = replica');
  // The rounds' chosen answers: the first s right, the others one of the three wrong ones; the
  // round's hour held for the analysis as the application would (counted rounds only, the
  // server's zone), so the insert trigger, enabled for the load, writes the analysis logs.
  const chosen = `(SELECT jsonb_agg(jsonb_build_object(
       'questionId', q.id,
       'answerId', CASE WHEN q.i <= v.s THEN ($7::int[])[q.i] ELSE ($8::int[])[(q.i - 1) * 3 + 1 + ((g + q.i) % 3)::int] END,
       'elapsedMs', 800 + ((g * 7 + q.i * 13) % 120) * 100 + (g % 100)::int) ORDER BY q.i)
     FROM unnest($6::int[]) WITH ORDINALITY AS q(id, i))`;
  const insertAttempts = (triviaIds: number[], count: number, questions: typeof rankingQuestions | null, score = 's * 10') =>
    client.query(
      `INSERT INTO player_attempts
       (player_id, question_group_id, location_id, score, total_questions, correct_answers, started_at, completed_at, completion_time, token_hash, review_status, review_reason,
        question_ids, answers, analysis_hour)
     SELECT $1::int + (g % $3::int)::int, trivia, ($4::int[])[1 + ((g / 7) % 20)::int], ${score}, 10, s,
            t - interval '5 minutes', CASE WHEN g % 50 = 7 THEN NULL ELSE t END, CASE WHEN g % 50 = 7 THEN NULL ELSE (5 + (g * 37) % 300)::int END,
            repeat('0', 64), CASE WHEN g % 50 = 3 THEN 'held' ELSE 'clean' END, CASE WHEN g % 50 = 3 THEN 'over_limit' END,
            CASE WHEN $9 THEN $6::int[] END, CASE WHEN $9 THEN ${chosen} END,
            CASE WHEN g % 50 NOT IN (3, 7) THEN date_trunc('hour', t AT TIME ZONE $10) END
       FROM unnest($2::int[]) trivia, generate_series(1::bigint, $5::bigint) g,
            LATERAL (SELECT ((g * 7919 + trivia) % 11)::int AS s, timestamptz '2026-04-01' + ((g * 104729 + trivia) % 2592000) * interval '1 second' AS t) v`,
      [
        first,
        triviaIds,
        players,
        locationIds,
        count,
        questions?.map((q) => q.questionId) ?? [],
        questions?.map((q) => q.correct) ?? [],
        questions?.flatMap((q) => q.wrong) ?? [],
        questions !== null,
        serverTimeZone(),
      ],
    );
  await client.query(`UPDATE question_groups SET analysis_time_zone = $1`, [serverTimeZone()]);
  await client.query('ALTER TABLE player_attempts ENABLE ALWAYS TRIGGER player_attempts_analysed_insert');
  await insertAttempts([rankingTriviaId], attempts, rankingQuestions);
  await insertAttempts(
    campaignTrivias.map((t) => t.id),
    campaignAttempts,
    null,
  );
  await client.query('ALTER TABLE player_attempts ENABLE TRIGGER player_attempts_analysed_insert');
  // The points trivia's rounds with the analysis' trigger off again (replica role): no step reads its analysis.
  await insertAttempts([pointsTriviaId], attempts, null, 's * (500 + ((g * 31 + trivia) % 501))::int');
  await client.query('SET session_replication_role = DEFAULT');
  await client.query('SET maintenance_work_mem = \'256MB\'');
  for (const index of indexes) await client.query(index.indexdef);
  await client.query('VACUUM ANALYZE players');
  await client.query('VACUUM ANALYZE player_attempts');
  // The attempts were written around the application: their standings are built as a restore's
  // would be, each table by one INSERT … SELECT per trivia set or campaign, with the order indexes
  // built once afterwards and the sorts in memory.
  const standingIndexes: { indexname: string; indexdef: string }[] = (
    await client.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN ('trivia_standings', 'campaign_standings', 'trivia_day_standings', 'campaign_day_standings') AND indexname LIKE '%order_idx'`,
    )
  ).rows;
  for (const index of standingIndexes) await client.query(`DROP INDEX "${index.indexname}"`);
  await client.query(`SET work_mem = '512MB'`);
  await rebuildAllStandings({ query: async (sql: string, parameters?: unknown[]) => (await client.query(sql, parameters)).rows } as Queryable);
  await client.query('RESET work_mem');
  for (const index of standingIndexes) await client.query(index.indexdef);
  // Every commit flushed first (the seed commits asynchronously, and a row whose commit is not yet
  // on disk cannot be marked visible to all), then frozen, twice (a first pass was seen to leave
  // half the campaign standings' pages unmarked): every page all-visible, so a first page is an
  // index-only scan with no heap fetch.
  // The analysis logs, written by the triggers as one delta per key, folded once as a long-running
  // event's would be by its writers and readers.
  await client.query(`SELECT analysis_fold(id) FROM question_groups`);
  await client.query(`SELECT campaign_analysis_fold(id) FROM campaigns`);
  await client.query('CHECKPOINT');
  const logs = ['analysis_round_log', 'analysis_answer_log', 'analysis_time_log', 'analysis_hour_log', 'analysis_day_log', 'campaign_analysis_log'];
  for (const pass of ['VACUUM (FREEZE, ANALYZE)', 'VACUUM (FREEZE)']) {
    for (const table of [...loaded.slice(2), 'trivia_standing_counts', 'campaign_standing_counts', 'trivia_day_player_counts', ...logs]) await client.query(`${pass} ${table}`);
  }
  for (const table of loaded) await client.query(`ALTER TABLE ${table} RESET (autovacuum_enabled)`);
  return { rankingTriviaId, pointsTriviaId, campaignId, campaignTrivias, playTriviaId, documentTypeId, locationIds, playAnswers };
}
