import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErasureAction } from '../../contract';
import { startTestApi, type TestApi } from '../support/api-server';
import type { TestClient } from '../support/http-client';
import { buildCompany, buildLocation, buildTrivia } from '../support/factories';
import { chooseAnswers, documentTypeId, freshDocument, offlinePlay, phoneHeaders, registerDevice, type TestTrivia } from '../support/player-flow';

/**
 * An erasure leaves no trace of the person: a player who registered online, played at a kiosk
 * whose registrations were refused with the name in another case, with a trailing blank or other
 * accents and the document spelled otherwise, was held, renamed, disqualified and drawn, is erased;
 * then every text and JSON column of every table, and every admin read, is searched for the name
 * (folded: case, accents and blanks ignored), the document number (separators ignored) and the
 * e-mail and phone a newer kiosk sent.
 */
let api: TestApi;
let admin: TestClient;
let cc: number;
let site: { id: number };
let trivia: TestTrivia;
let limited: TestTrivia;

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  cc = await documentTypeId(api.dataSource);
  const company = await buildCompany(api.dataSource, { name: 'Feria Sin Rastro' });
  site = await buildLocation(api.dataSource, company.id, 'Pabellón Olvido');
  trivia = await buildTrivia(api.dataSource, company.id, { questions: 4, overrides: { questionsPerRound: 4 } });
  limited = await buildTrivia(api.dataSource, company.id, { questions: 2, overrides: { maxAttempts: 1, questionsPerRound: 2 } });
});
afterAll(() => api.close());

/** Case, accents and runs of blanks left out: "ZÓRAIDA  Ñúñez " and "zoraida nunez" are one text. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ');
/** What a document looks like once its separators are left out. */
const digitsOf = (text: string) => text.replace(/[\s./-]/g, '');
/** 12345678 as 12.345.678. */
const dotted = (number: string) => number.replace(/\B(?=(\d{3})+$)/g, '.');

interface Person {
  name: string;
  documentNumber: string;
  email: string;
  phone: string;
}

/** What must be found nowhere once the person is erased: each word of the name, folded; the document; the contact. */
function tracesIn(text: string, person: Person): string[] {
  const folded = fold(text);
  const found = fold(person.name)
    .split(' ')
    .filter((word) => folded.includes(word));
  if (digitsOf(text).includes(person.documentNumber)) found.push('document');
  if (folded.includes(fold(person.email))) found.push('email');
  if (digitsOf(text).includes(person.phone)) found.push('phone');
  return found;
}

/** Every text, character, JSON and text-array column of every table of the schema, as information_schema lists them. */
async function textColumns(): Promise<{ table_name: string; column_name: string }[]> {
  return api.dataSource.query(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = current_schema()
        AND (data_type IN ('text', 'character varying', 'character', 'json', 'jsonb') OR (data_type = 'ARRAY' AND udt_name IN ('_text', '_varchar', '_jsonb')))
      ORDER BY table_name, column_name`,
  );
}

/** Where in the database the person still is: "table.column: what was found". */
async function databaseTraces(person: Person): Promise<string[]> {
  const columns = await textColumns();
  expect(columns.map((c) => `${c.table_name}.${c.column_name}`)).toEqual(
    expect.arrayContaining(['players.full_name', 'sync_mutations.payload', 'sync_mutations.reason', 'player_name_changes.old_full_name', 'ranking_disqualifications.reason']),
  );
  const traces: string[] = [];
  for (const { table_name, column_name } of columns) {
    const rows: { value: string }[] = await api.dataSource.query(`SELECT "${column_name}"::text AS value FROM "${table_name}" WHERE "${column_name}" IS NOT NULL`);
    for (const { value } of rows) {
      const found = tracesIn(value, person);
      if (found.length > 0) traces.push(`${table_name}.${column_name}: ${found.join(', ')}`);
    }
  }
  return [...new Set(traces)];
}

/** Every admin read that shows players or what devices sent. */
async function adminReads(person: Person): Promise<string[]> {
  const reads = [
    '/api/sync/rejections?limit=100',
    '/api/sync/rejections?status=held&limit=100',
    '/api/devices',
    '/api/player-name-changes',
    `/api/player-attempts/held?questionGroupId=${limited.group.id}`,
    `/api/ranking-disqualifications?questionGroupId=${trivia.group.id}`,
    `/api/question-groups/${trivia.group.id}/draws`,
    `/api/question-groups/${trivia.group.id}/export-scores`,
    `/api/ranking?questionGroupId=${trivia.group.id}&includeDuplicates=true`,
    '/api/player-erasures',
    '/api/dashboard',
  ];
  const traces: string[] = [];
  for (const path of reads) {
    const reply = await admin.get(path);
    expect(reply.status, path).toBe(200);
    const found = tracesIn(reply.text, person);
    if (found.length > 0) traces.push(`${path}: ${found.join(', ')}`);
  }
  return traces;
}

const statuses = (reply: { body: { results: { status: string }[] } }) => reply.body.results.map((r) => r.status);

/**
 * The person's life at the booth, as the routes record it. Online: a registration with the
 * document dotted, a round started with it as proof. At a kiosk: a registration in capitals (a name
 * change), a round played, two rounds at a one-attempt trivia (the second held), refused
 * registrations with the name in lower case and a trailing blank, without accents and with other
 * accents (one from a newer kiosk that also sent an e-mail and a phone), each with the document
 * spelled another way, a refused round proven by the document, a round of a trivia deleted
 * meanwhile (held, with its completion). Online again: the name written another way (a name change).
 * An admin disqualifies a result with a reason naming the person, restores it saying so again, and
 * runs a draw.
 */
async function leaveTraces(person: Person): Promise<{ playerId: number }> {
  const { name, documentNumber } = person;
  const registered = await api.client().post('/api/players', { fullName: name, documentTypeId: cc, documentNumber: dotted(documentNumber), locationId: site.id });
  expect(registered.status).toBe(200);
  const playerId: number = registered.body.id;
  const online = await api.client().post('/api/player-attempts', { playerId, documentTypeId: cc, documentNumber: `0${documentNumber}`, questionGroupId: trivia.group.id }, { headers: await phoneHeaders(api) });
  expect(online.status).toBe(200);

  const kiosk = await registerDevice(api);
  const played = offlinePlay({ firstMutationId: 1, documentTypeId: cc, documentNumber: ` ${documentNumber} `, locationId: site.id, questionGroupId: trivia.group.id, answers: chooseAnswers(trivia, 3) });
  Object.assign(played.mutations[0]!.payload, { fullName: name.toUpperCase() });
  const first = offlinePlay({ firstMutationId: 3, documentTypeId: cc, documentNumber, locationId: site.id, questionGroupId: limited.group.id, answers: chooseAnswers(limited, 1), playerClientId: played.playerClientId });
  const second = offlinePlay({ firstMutationId: 5, documentTypeId: cc, documentNumber, locationId: site.id, questionGroupId: limited.group.id, answers: chooseAnswers(limited, 2), playerClientId: played.playerClientId });
  const kioskPlays = await kiosk.push([...played.mutations, ...first.mutations.slice(1), ...second.mutations.slice(1)]);
  expect(statuses(kioskPlays)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied', 'applied', 'applied']);
  const [held] = await api.dataSource.query(`SELECT review_status FROM player_attempts WHERE client_id = $1`, [second.attemptClientId]);
  expect(held.review_status).toBe('held');

  const withoutAccents = name.normalize('NFD').replace(/\p{M}/gu, '');
  const otherAccents = withoutAccents.replace(/a/g, 'á').replace(/o/g, 'ó');
  const doomed = await buildTrivia(api.dataSource, (await api.dataSource.query(`SELECT company_id FROM question_groups WHERE id = $1`, [trivia.group.id]))[0].company_id, { questions: 2 });
  await api.dataSource.query(`DELETE FROM question_groups WHERE id = $1`, [doomed.group.id]);
  const gone = offlinePlay({ firstMutationId: 12, documentTypeId: cc, documentNumber, locationId: site.id, questionGroupId: doomed.group.id, answers: chooseAnswers(doomed, 2) });
  const refusals = await kiosk.push([
    // refused by the contract (a site that is not a number): the name in lower case with a trailing blank
    { mutationId: 8, kind: 'player', payload: { clientId: randomUUID(), fullName: `${name.toLowerCase()} `, documentTypeId: cc, documentNumber: `00${documentNumber}`, locationId: 'x' } },
    // refused: no accents, the document dotted
    { mutationId: 9, kind: 'player', payload: { clientId: randomUUID(), fullName: withoutAccents, documentTypeId: cc, documentNumber: dotted(documentNumber), locationId: -1 } },
    // refused: a newer kiosk's fields (e-mail, phone), other accents, the document as a number
    {
      mutationId: 10,
      kind: 'player',
      payload: { clientId: randomUUID(), fullName: otherAccents, documentTypeId: cc, documentNumber: Number(documentNumber), locationId: site.id, email: person.email, phone: person.phone },
    },
    // refused: a round proven by the document, hyphenated, of a trivia id that is not a number
    {
      mutationId: 11,
      kind: 'attempt',
      payload: { clientId: randomUUID(), playerId, documentTypeId: cc, documentNumber: documentNumber.replace(/(\d{4})$/, '-$1'), questionGroupId: 'x', totalQuestions: 2, startedAt: new Date().toISOString() },
    },
    // refused: the document type sent as text
    { mutationId: 12, kind: 'player', payload: { clientId: randomUUID(), fullName: ` ${name}`, documentTypeId: String(cc), documentNumber, locationId: site.id } },
    // held: a round of a trivia deleted meanwhile, proven by the document, and its completion
    { ...gone.mutations[1]!, payload: { ...gone.mutations[1]!.payload, playerClientId: undefined, playerId, documentTypeId: cc, documentNumber: `0${dotted(documentNumber)}` } },
    gone.mutations[2]!,
  ]);
  expect(statuses(refusals)).toEqual(['rejected', 'rejected', 'rejected', 'rejected', 'rejected', 'held', 'held']);

  const renamed = await api.client().post('/api/players', { fullName: withoutAccents.split(' ').reverse().join(' '), documentTypeId: cc, documentNumber, locationId: site.id });
  expect(renamed.status).toBe(200);
  const [result] = await api.dataSource.query(`SELECT id FROM player_attempts WHERE client_id = $1`, [played.attemptClientId]);
  const firstWord = name.split(' ')[0];
  const disqualified = await admin.post('/api/ranking-disqualifications', {
    attemptId: result.id,
    scope: 'attempt',
    reason: `${firstWord} jugó con el documento ${dotted(documentNumber)} de otra persona`,
  });
  expect(disqualified.status).toBe(201);
  const restored = await admin.post(`/api/ranking-disqualifications/${disqualified.body.id}/restore`, { reason: `Revisado con ${firstWord!.toUpperCase()} en la feria` });
  expect(restored.status).toBe(200);
  const draw = await admin.post(`/api/question-groups/${trivia.group.id}/draws`, { prizes: 1 });
  expect(draw.status).toBe(201);
  return { playerId };
}

describe.each<{ action: ErasureAction; person: Person }>([
  { action: 'anonymise', person: { name: 'Zoraida Ñúñez Quintanilla', documentNumber: freshDocument(), email: 'zoraida.q@correo.test', phone: '3104445566' } },
  { action: 'delete', person: { name: 'Eustaquia Ibáñez Valderrama', documentNumber: freshDocument(), email: 'eustaquia.v@correo.test', phone: '3207778899' } },
])('erasing a player ($action) leaves no trace of them', ({ action, person }) => {
  it('in any text or JSON column of any table, nor in any admin read', async () => {
    const { playerId } = await leaveTraces(person);
    const before = await databaseTraces(person);
    // The search sees them before: the name in players, the sync log, name changes and reasons; the e-mail and phone in the log.
    const inSyncLog = new Set(before.filter((trace) => trace.startsWith('sync_mutations.payload: ')).flatMap((trace) => trace.split(': ')[1]!.split(', ')));
    expect([...inSyncLog].sort()).toEqual([...fold(person.name).split(' '), 'document', 'email', 'phone'].sort());
    expect(before.some((trace) => trace.startsWith('players.full_name'))).toBe(true);
    expect(before.some((trace) => trace.startsWith('player_name_changes.'))).toBe(true);
    expect(before.some((trace) => trace.startsWith('ranking_disqualifications.reason'))).toBe(true);
    expect(await adminReads(person)).not.toEqual([]);

    const erased = await admin.post(`/api/player-data/${playerId}/erase`, { action, confirm: dotted(person.documentNumber) });
    expect(erased.status).toBe(200);

    expect(await databaseTraces(person)).toEqual([]);
    expect(await adminReads(person)).toEqual([]);
    const search = await admin.get(`/api/player-data?documentTypeId=${cc}&documentNumber=${person.documentNumber}`);
    expect(search.status).toBe(404);
  });
});

describe('a refused record kept before refusals were fingerprinted', () => {
  it('is found by its masked number: it loses the name, whatever its case or accents', async () => {
    const person = { name: 'Filomena Ángel Urrutia', documentNumber: freshDocument(), email: 'filomena.u@correo.test', phone: '3151112233' };
    const registered = await api.client().post('/api/players', { fullName: person.name, documentTypeId: cc, documentNumber: person.documentNumber, locationId: site.id });
    expect(registered.status).toBe(200);
    const kiosk = await registerDevice(api);
    const refused = await kiosk.push([
      { mutationId: 1, kind: 'player', payload: { clientId: randomUUID(), fullName: 'FILOMENA ANGEL URRUTIA ', documentTypeId: cc, documentNumber: `0.${dotted(person.documentNumber)}`, locationId: 'x' } },
    ]);
    expect(statuses(refused)).toEqual(['rejected']);
    // As an older server stored it: the summary alone, no fingerprint.
    await api.dataSource.query(`UPDATE sync_mutations SET document_key = NULL WHERE device_id = $1`, [kiosk.deviceId]);
    expect(await databaseTraces(person)).toEqual(expect.arrayContaining([expect.stringMatching(/^sync_mutations\.payload: filomena, angel, urrutia/)]));

    const erased = await admin.post(`/api/player-data/${registered.body.id}/erase`, { action: 'anonymise', confirm: person.documentNumber });
    expect(erased.status).toBe(200);
    expect(await databaseTraces(person)).toEqual([]);
    expect(await adminReads(person)).toEqual([]);
  });
});
