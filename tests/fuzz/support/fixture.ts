import type { DataSource } from 'typeorm';
import { DEFAULT_THEME } from '../../../contract';
import { PNG } from '../../support/logo-uploads';

/** The kinds of object a path parameter, a query value or a body field can name. */
export const RESOURCES = [
  'company',
  'location',
  'group',
  'question',
  'answer',
  'campaign',
  'link',
  'player',
  'attempt',
  'heldAttempt',
  'documentType',
] as const;
export type Resource = (typeof RESOURCES)[number];

/** Objects made through the API once per route: they survive the database objects' rebuilds. */
export interface FixtureAccess {
  /** A signed logo upload URL's token, and the file name of a stored upload. */
  uploadToken: string;
  uploadFile: string;
  /** A registered kiosk device (the X-Device-Id and X-Device-Secret of a sync push). */
  deviceId: string;
  deviceSecret: string;
}

export interface Fixture extends FixtureAccess {
  ids: Record<Resource, number>;
}


/** What the fixture needs from the running API: its data source and a way to call it as the admin. */
export interface FixtureApi {
  dataSource: DataSource;
  adminRequest(
    method: string,
    path: string,
    body?: unknown,
    options?: { raw?: { bytes: Uint8Array; contentType: string }; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any }>;
}

/**
 * The database objects, in one statement (a route that deletes rebuilds them often): a company
 * with a site, a trivia with five questions of three answers, a campaign holding the trivia, a
 * player with an attempt in progress and one held for review.
 */
const BUILD_OBJECTS = `
WITH company AS (INSERT INTO companies (name) VALUES ('Fuzz S.A.') RETURNING id),
location AS (INSERT INTO locations (name, company_id) SELECT 'Sede Fuzz', id FROM company RETURNING id),
grp AS (
  INSERT INTO question_groups (name, description, company_id, questions_per_round, theme, max_attempts)
  SELECT 'Trivia Fuzz', 'Para el fuzzer', id, 5, $1::jsonb, 0 FROM company RETURNING id
),
question AS (INSERT INTO questions (text, group_id) SELECT 'Pregunta ' || n, grp.id FROM grp, generate_series(1, 5) n RETURNING id),
answer AS (
  INSERT INTO answers (text, is_correct, question_id) SELECT 'Respuesta ' || a, a = 1, question.id FROM question, generate_series(1, 3) a RETURNING id
),
campaign AS (
  INSERT INTO campaigns (name, company_id, start_date, end_date, max_attempts_per_trivia, attempt_selection_mode)
  SELECT 'Campaña Fuzz', id, '2026-01-01', '2026-12-31', 3, 'best' FROM company RETURNING id
),
link AS (INSERT INTO campaign_question_groups (campaign_id, question_group_id, weight, "order") SELECT campaign.id, grp.id, 1, 1 FROM campaign, grp RETURNING id),
doc AS (SELECT id FROM document_types ORDER BY id LIMIT 1),
player AS (
  INSERT INTO players (full_name, first_name, last_name, document_type_id, document_number, location_id)
  SELECT 'Laura Gómez', 'Laura', 'Gómez', doc.id, $2, location.id FROM doc, location RETURNING id
),
attempt AS (
  INSERT INTO player_attempts (player_id, question_group_id, location_id, score, total_questions, correct_answers, started_at,
                               completed_at, completion_time, token_hash, review_status, review_reason)
  SELECT player.id, grp.id, location.id, h * 60, 5, h * 3, now() - interval '5 minutes',
         CASE WHEN h = 1 THEN now() END, CASE WHEN h = 1 THEN 40 END, repeat('0', 64),
         CASE WHEN h = 1 THEN 'held' ELSE 'clean' END, CASE WHEN h = 1 THEN 'over_limit' END
  FROM player, grp, location, generate_series(0, 1) h RETURNING id, review_status
)
SELECT (SELECT id FROM company) AS company, (SELECT id FROM location) AS location, (SELECT id FROM grp) AS "group",
       (SELECT min(id) FROM question) AS question, (SELECT min(id) FROM answer) AS answer, (SELECT id FROM campaign) AS campaign,
       (SELECT id FROM link) AS link, (SELECT id FROM player) AS player, (SELECT id FROM doc) AS "documentType",
       (SELECT id FROM attempt WHERE review_status = 'clean') AS attempt, (SELECT id FROM attempt WHERE review_status = 'held') AS "heldAttempt"`;

let documents = 0;

export async function buildObjects(dataSource: DataSource): Promise<Record<Resource, number>> {
  documents += 1;
  const [row] = await dataSource.query(BUILD_OBJECTS, [JSON.stringify(DEFAULT_THEME), `${70_000_000 + documents}`]);
  return row as Record<Resource, number>;
}

/** A signed upload URL, a stored logo and a registered device, through the API as a client gets them. */
export async function buildAccess(api: FixtureApi, companyId: number): Promise<FixtureAccess> {
  const grant = await api.adminRequest('POST', '/api/logos/upload-url', { entityType: 'company', entityId: companyId });
  if (grant.status !== 200) throw new Error(`fixture: upload URL refused (${grant.status})`);
  const stored = await api.adminRequest('PUT', String(grant.body.uploadUrl), undefined, { raw: { bytes: PNG, contentType: 'image/png' } });
  // A second grant for the fuzzer: the first may be good for one object only.
  const fuzzGrant = await api.adminRequest('POST', '/api/logos/upload-url', { entityType: 'company', entityId: companyId });
  const device = await api.adminRequest('POST', '/api/devices', {});
  if (device.status !== 201) throw new Error(`fixture: device registration refused (${device.status})`);
  // Refused mutations for the rejections list to show: payloads of every odd shape a device may send.
  const deviceHeaders = { 'X-Device-Id': String(device.body.deviceId), 'X-Device-Secret': String(device.body.secret) };
  const payloads = [
    '{"clientId":{"a":1},"documentNumber":{"x":[1]},"firstName":["Ana"],"lastName":7,"locationId":"uno"}',
    '"texto"',
    '[1,{"documentNumber":2}]',
    '{"constructor":{"prototype":1},"toString":"x","documentNumber":12345678}',
    '{"documentNumber":{"toString":"x","valueOf":1}}',
    '{"documentNumber":"\u202e123\ud83d\ude00","fullName":"e\u0301\u0301"}',
    'null',
    '{"documentNumber":null,"answers":[[[]]],"payload":{"payload":{"payload":{}}}}',
  ];
  const text = `{"mutations":[${payloads.map((payload, i) => `{"mutationId":${i + 1},"kind":"player","payload":${payload}}`).join(',')}]}`;
  const push = await api.adminRequest('POST', '/api/sync', undefined, {
    raw: { bytes: Buffer.from(text), contentType: 'application/json' },
    headers: deviceHeaders,
  });
  if (push.status !== 200) throw new Error(`fixture: sync push refused (${push.status} ${JSON.stringify(push.body)})`);
  return {
    uploadToken: String(fuzzGrant.body.uploadUrl).split('/').pop()!,
    uploadFile: stored.status === 201 ? String(stored.body.logoUrl).split('/').pop()! : 'missing.png',
    deviceId: String(device.body.deviceId),
    deviceSecret: String(device.body.secret),
  };
}

/**
 * Real objects for the fuzzer to aim at, so requests get past "not found" into the code behind
 * it (and a kiosk's refused mutation, stored for the rejections list). Each route gets its own; a route that deletes something rebuilds the database objects.
 */
export async function buildFixture(api: FixtureApi): Promise<Fixture> {
  const ids = await buildObjects(api.dataSource);
  return { ids, ...(await buildAccess(api, ids.company)) };
}
