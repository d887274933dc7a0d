import type { DataSource } from 'typeorm';
import type { ObjectKind } from '../../../api/platform/access/not-found';
import { DEFAULT_THEME } from '../../../contract';

/**
 * One object of every kind a route guard can aim at (api/platform/access/not-found.ts); a second
 * player (a merge takes two) and an invited user (the owner's routes aim at users).
 */
export type MatrixObjects = Record<ObjectKind, number> & { otherPlayer: number; user: number };

/**
 * Every kind of object in one company, in one statement (the matrix rebuilds them before each call
 * that may change them): a site; a trivia with two questions; a campaign holding it; a player
 * registered at the site who played the trivia (an attempt held for review), with a name change
 * and a disqualification there; a second player at the site; a draw of the trivia; an invited user. The player touches no
 * other company, so a role's refusal over them is the plain one.
 */
const BUILD = `
WITH location AS (INSERT INTO locations (name, company_id) VALUES ('Sede de la matriz', $1) RETURNING id, company_id),
grp AS (
  INSERT INTO question_groups (name, description, company_id, questions_per_round, theme, max_attempts)
  VALUES ('Trivia de la matriz', 'Permisos', $1, 2, $2::jsonb, 0) RETURNING id
),
question AS (INSERT INTO questions (text, group_id) SELECT 'Pregunta ' || n, grp.id FROM grp, generate_series(1, 2) n RETURNING id),
answer AS (INSERT INTO answers (text, is_correct, question_id) SELECT 'Respuesta ' || a, a = 1, question.id FROM question, generate_series(1, 3) a),
campaign AS (
  INSERT INTO campaigns (name, company_id, start_date, end_date, max_attempts_per_trivia, attempt_selection_mode)
  VALUES ('Campaña de la matriz', $1, '2026-01-01', '2026-12-31', 3, 'best') RETURNING id
),
link AS (INSERT INTO campaign_question_groups (campaign_id, question_group_id, weight, "order") SELECT campaign.id, grp.id, 1, 1 FROM campaign, grp RETURNING id),
players AS (
  INSERT INTO players (full_name, first_name, last_name, document_type_id, document_number, location_id)
  SELECT 'Laura Gómez', 'Laura', 'Gómez', (SELECT id FROM document_types WHERE code = 'CC'), $3 || n, location.id FROM location, generate_series(1, 2) n
  RETURNING id, full_name
),
player AS (SELECT id, full_name FROM players ORDER BY id LIMIT 1),
attempt AS (
  INSERT INTO player_attempts (player_id, question_group_id, location_id, score, total_questions, correct_answers, started_at,
                               completed_at, completion_time, token_hash, review_status, review_reason)
  SELECT player.id, grp.id, location.id, 100, 2, 2, now() - interval '1 minute', now(), 40, repeat('0', 64), 'held', 'over_limit'
  FROM player, grp, location RETURNING id, player_id, question_group_id
),
name_change AS (
  INSERT INTO player_name_changes (player_id, old_full_name, new_full_name, source)
  SELECT player.id, player.full_name, 'Laura Gómez Ruiz', 'address 127.0.0.1' FROM player RETURNING id
),
disqualification AS (
  INSERT INTO ranking_disqualifications (question_group_id, player_id, attempt_id, reason)
  SELECT question_group_id, player_id, id, 'Permisos' FROM attempt RETURNING id
),
draw AS (
  INSERT INTO prize_draws (question_group_id, filters, prizes, seed, seed_from_server, eligible_count, entries_hash, winners)
  SELECT grp.id, '{"onePerPlayer": true, "excludePastWinners": false}'::jsonb, 1, repeat('a', 64), true, 0,
         'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', '[]'::jsonb FROM grp RETURNING id
),
invited AS (
  INSERT INTO users (username, first_name, last_name, email, role, status)
  VALUES ($4, 'Invitada', 'Matriz', 'invitada@example.com', 'member', 'invited') RETURNING id
)
SELECT $1::int AS company, (SELECT id FROM location) AS location, (SELECT id FROM grp) AS "group",
       (SELECT min(id) FROM question) AS question, (SELECT id FROM campaign) AS campaign, (SELECT id FROM link) AS "campaignLink",
       (SELECT id FROM player) AS player, (SELECT max(id) FROM players) AS "otherPlayer", (SELECT id FROM attempt) AS attempt, (SELECT id FROM name_change) AS "nameChange",
       (SELECT id FROM disqualification) AS disqualification, (SELECT id FROM draw) AS draw, (SELECT id FROM invited) AS "user"`;

let built = 0;

/** A fresh set of objects in a company. */
export async function buildMatrixObjects(dataSource: DataSource, companyId: number): Promise<MatrixObjects> {
  built += 1;
  const [row] = await dataSource.query(BUILD, [companyId, JSON.stringify(DEFAULT_THEME), `${8_000_000 + built}`, `matriz-invitada-${built}`]);
  return row as MatrixObjects;
}
