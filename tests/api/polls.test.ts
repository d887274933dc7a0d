import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_CORRECT_MESSAGE, POLL_CORRECT_MESSAGE, POLL_KIND_LOCKED_MESSAGE, POLL_VOTES_MAX, type PlayerHistory } from '../../contract';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildPlayer } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { buildKioskSite, kioskPlay, phoneHeaders, playerProof, registerDevice, type KioskSite } from '../support/player-flow';

/**
 * Polls (contract/polls.ts): a question kind with no correct answer, asked before the round and
 * never one of its questions; the votes travel with the round's start, online and from a kiosk,
 * count once per player and poll, and go with their rounds.
 */
let api: TestApi;
let admin: TestClient;
let site: KioskSite;
let groupId: number;
let poll: { id: number; answers: { id: number; text: string }[] };

const createQuestion = (body: Record<string, unknown>, trivia = groupId) => admin.post(`/api/question-groups/${trivia}/questions`, { groupId: trivia, ...body });
const COLOURS = [{ text: 'Rojo' }, { text: 'Verde' }, { text: 'Azul' }];
const results = async (trivia = groupId) => {
  const res = await api.client().get(`/api/play/${trivia}/polls`);
  expect(res.status).toBe(200);
  return res.body.polls as { questionId: number; text: string; votes: number; answers: { answerId: number; text: string; votes: number }[] }[];
};
const votesOf = async (trivia = groupId) => (await results(trivia)).map((p) => [p.text, p.answers.map((a) => a.votes)]);

/** An online start of a new player (or `player`) on a phone, with these votes. */
async function startOnline(pollVotes: unknown, options: { player?: Awaited<ReturnType<typeof buildPlayer>>; clientId?: string; headers?: Record<string, string> } = {}) {
  const player = options.player ?? (await buildPlayer(api.dataSource, { locationId: site.site.id }));
  const headers = options.headers ?? (await phoneHeaders(api));
  return api.client().post('/api/player-attempts', { ...playerProof(player), questionGroupId: groupId, pollVotes, ...(options.clientId ? { clientId: options.clientId } : {}) }, { headers });
}

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  site = await buildKioskSite(api.dataSource, { siteName: 'Sede de encuestas', trivia: { questions: 3, overrides: { randomizeQuestions: false } } });
  groupId = site.trivia.group.id;
  const created = await createQuestion({ text: '¿Qué color prefieres?', kind: 'poll', answers: COLOURS });
  expect(created.status).toBe(201);
  poll = created.body;
});
afterAll(() => api.close());

describe('a poll as organisers write it', () => {
  it('has answers none of them correct; a correct one is refused, when created, edited or added', async () => {
    expect(poll).toMatchObject({ kind: 'poll', answers: COLOURS.map((c) => ({ ...c, isCorrect: false })) });
    const marked = await createQuestion({ text: '¿Té o café?', kind: 'poll', answers: [{ text: 'Té', isCorrect: true }, { text: 'Café' }] });
    expect(marked.status).toBe(400);
    expect(marked.body.issues).toEqual([{ path: 'answers', message: POLL_CORRECT_MESSAGE }]);
    // A scored question still needs its one correct answer.
    const unmarked = await createQuestion({ text: '¿2 + 2?', answers: [{ text: '4' }, { text: '5' }] });
    expect(unmarked.body.issues).toEqual([{ path: 'answers', message: ONE_CORRECT_MESSAGE }]);
    const added = await admin.post(`/api/questions/${poll.id}/answers`, { text: 'Negro', isCorrect: true });
    expect(added.status).toBe(400);
    expect(added.body.code).toBe('validation_failed');
    const edited = await admin.put(`/api/questions/${poll.id}`, { text: '¿Qué color prefieres?', groupId, kind: 'poll', answers: poll.answers.map((a, i) => ({ id: a.id, text: a.text, isCorrect: i === 0 })) });
    expect(edited.body.issues).toEqual([{ path: 'answers', message: POLL_CORRECT_MESSAGE }]);
  });

  it('stays a poll, and a scored question never becomes one', async () => {
    const toChoice = await admin.put(`/api/questions/${poll.id}`, { text: '¿Qué color prefieres?', groupId, kind: 'choice', answers: poll.answers.map((a, i) => ({ id: a.id, text: a.text, isCorrect: i === 0 })) });
    expect(toChoice.status).toBe(409);
    expect(toChoice.body).toMatchObject({ code: 'question_kind_locked', error: POLL_KIND_LOCKED_MESSAGE });
    const scored = site.trivia.items[0]!;
    const toPoll = await admin.put(`/api/questions/${scored.question.id}`, { text: scored.question.text, groupId, kind: 'poll', answers: scored.answers.map((a) => ({ id: a.id, text: a.text })) });
    expect(toPoll.status).toBe(409);
    expect(toPoll.body.code).toBe('question_kind_locked');
  });

  it('is in the player\'s copy of the trivia, with no key, and its results are public', async () => {
    const bundle = await api.client().get(`/api/play/${groupId}/bundle`);
    expect(bundle.body.questions.map((q: { kind: string }) => q.kind)).toEqual(['choice', 'choice', 'choice', 'poll']);
    expect(bundle.body.answers[poll.id].map((a: { text: string }) => a.text)).toEqual(['Rojo', 'Verde', 'Azul']);
    expect(await results()).toEqual([{ questionId: poll.id, text: '¿Qué color prefieres?', votes: 0, answers: poll.answers.map((a) => ({ answerId: a.id, text: a.text, votes: 0 })) }]);
    // Only the polls: no scored question's answers, and no answer key, reach a public reader.
    expect(JSON.stringify((await api.client().get(`/api/play/${groupId}/polls`)).body)).not.toMatch(/isCorrect|is_correct|Respuesta \d/);
    expect((await api.client().get('/api/play/999999/polls')).status).toBe(404);
    expect((await api.client().get('/api/play/abc/polls')).status).toBe(400);
  });
});

describe('a poll in the import, the export, the copy and the AI', () => {
  const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

  it('reads «Encuesta» in "Tipo" with "Correcta" empty, writes it back so, and a copy keeps it', async () => {
    const trivia = (await admin.post(`/api/companies/${site.company.id}/question-groups`, { name: 'Encuestas importadas', companyId: site.company.id, questionsPerRound: 5, randomizeQuestions: false, randomizeAnswers: false, maxAttempts: 0 })).body.id as number;
    const csv = ['Pregunta,Respuesta 1,Respuesta 2,Correcta,Tipo', '¿Té o café?,Té,Café,,Encuesta', '¿Frío o calor?,Frío,Calor,1,encuesta', '¿2 + 2?,4,5,1,'].join('\n');
    const preview = await admin.post(`/api/question-groups/${trivia}/questions/import/preview`, { content: base64(csv) });
    expect(preview.body.rows.map((r: { kind: string; problems: string[] }) => [r.kind, r.problems])).toEqual([
      ['poll', []],
      ['poll', ['Una encuesta no tiene respuesta correcta: deja vacía la columna Correcta']],
      ['choice', []],
    ]);
    expect((await admin.post(`/api/question-groups/${trivia}/questions/import`, { content: base64(csv) })).body).toEqual({ imported: 2, skipped: 1 });
    const exported = await admin.get(`/api/question-groups/${trivia}/questions/export?format=csv`);
    expect(exported.text.replace('\uFEFF', '').split(/\r?\n/).slice(0, 2)).toEqual(['Pregunta,Respuesta 1,Respuesta 2,Respuesta 3,Respuesta 4,Correcta,Tipo,Segundos', '¿Té o café?,Té,Café,,,,Encuesta,']);
    const copy = await admin.post(`/api/question-groups/${trivia}/copy`, {});
    expect(((await admin.get(`/api/question-groups/${copy.body.id}/questions`)).body as { kind: string }[]).map((q) => q.kind)).toEqual(['poll', 'choice']);
  });
});

describe('a round and its polls', () => {
  it('never deals a poll: the round is the scored questions, and a device round naming the poll is held', async () => {
    const started = await startOnline([]);
    expect(started.status).toBe(200);
    expect(started.body.round.questionIds).toEqual(site.trivia.items.map((item) => item.question.id));
    expect(started.body.totalQuestions).toBe(3);
    // A kiosk's round with the poll in place of a question is not a round of this trivia.
    const device = await registerDevice(api, api.client(), { questionGroupId: groupId });
    const play = kioskPlay(site, 1, { answers: [...site.trivia.items.slice(0, 2).map((item) => ({ questionId: item.question.id, answerId: item.answers[0]!.id })), { questionId: poll.id, answerId: poll.answers[0]!.id }] });
    const pushed = await device.push(play.mutations);
    expect(pushed.status).toBe(200);
    const [row] = await api.dataSource.query(`SELECT review_status, review_reason FROM player_attempts WHERE client_id = $1`, [play.attemptClientId]);
    expect(row).toEqual({ review_status: 'held', review_reason: 'round_mismatch' });
  });

  it('counts an online vote once with its round, asked again or not; a player who plays again keeps the first vote', async () => {
    await api.dataSource.query(`DELETE FROM poll_votes`);
    const [rojo, verde] = poll.answers;
    const player = await buildPlayer(api.dataSource, { locationId: site.site.id });
    const headers = await phoneHeaders(api);
    const clientId = crypto.randomUUID();
    for (let i = 0; i < 2; i++) expect((await startOnline([{ questionId: poll.id, answerId: rojo!.id }], { player, clientId, headers })).status).toBe(200);
    expect(await votesOf()).toEqual([['¿Qué color prefieres?', [1, 0, 0]]]);
    // The same player's next round votes otherwise: still one vote, the first.
    expect((await startOnline([{ questionId: poll.id, answerId: verde!.id }], { player, headers })).status).toBe(200);
    expect(await votesOf()).toEqual([['¿Qué color prefieres?', [1, 0, 0]]]);
    expect((await startOnline([{ questionId: poll.id, answerId: verde!.id }])).status).toBe(200);
    expect(await votesOf()).toEqual([['¿Qué color prefieres?', [1, 1, 0]]]);
    // The player's history ("Datos personales") lists each round's votes.
    const history = (await admin.get(`/api/players/${player.id}/history`)).body as PlayerHistory;
    expect(history.attempts.map((a) => a.pollVotes)).toEqual([
      [{ question: '¿Qué color prefieres?', answer: 'Verde' }],
      [{ question: '¿Qué color prefieres?', answer: 'Rojo' }],
    ]);
  });

  it('leaves out a vote that does not fit, never the round; a malformed list is refused', async () => {
    await api.dataSource.query(`DELETE FROM poll_votes`);
    const scored = site.trivia.items[0]!;
    const other = await buildKioskSite(api.dataSource, { siteName: 'Otra sede', trivia: { questions: 1 } });
    const otherPoll = (await createQuestion({ text: '¿Playa o montaña?', kind: 'poll', answers: [{ text: 'Playa' }, { text: 'Montaña' }] }, other.trivia.group.id)).body;
    const unfit = [
      [{ questionId: scored.question.id, answerId: scored.answers[0]!.id }], // a scored question
      [{ questionId: poll.id, answerId: scored.answers[0]!.id }], // another question's answer
      [{ questionId: otherPoll.id, answerId: otherPoll.answers[0].id }], // another trivia's poll
      [{ questionId: 2_000_000_000, answerId: 2_000_000_000 }], // nothing at all
    ];
    for (const votes of unfit) expect((await startOnline(votes)).status).toBe(200);
    expect(await votesOf()).toEqual([['¿Qué color prefieres?', [0, 0, 0]]]);
    expect(await votesOf(other.trivia.group.id)).toEqual([['¿Playa o montaña?', [0, 0]]]);
    const twice = await startOnline([{ questionId: poll.id, answerId: poll.answers[0]!.id }, { questionId: poll.id, answerId: poll.answers[1]!.id }]);
    expect(twice.status).toBe(400);
    expect(twice.body.code).toBe('validation_failed');
    const many = await startOnline(Array.from({ length: POLL_VOTES_MAX + 1 }, (_, i) => ({ questionId: i + 1, answerId: 1 })));
    expect(many.status).toBe(400);
    expect((await startOnline([{ questionId: poll.id, answerId: -1 }])).status).toBe(400);
  });

  it('counts a kiosk\'s vote once however often its push arrives, and drops one for a poll deleted meanwhile', async () => {
    await api.dataSource.query(`DELETE FROM poll_votes`);
    const azul = poll.answers[2]!;
    const device = await registerDevice(api, api.client(), { questionGroupId: groupId });
    const play = kioskPlay(site, 1);
    const withVote = play.mutations.map((m) => (m.kind === 'attempt' ? { ...m, payload: { ...m.payload, pollVotes: [{ questionId: poll.id, answerId: azul.id }] } } : m));
    for (const status of ['applied', 'duplicate']) {
      const pushed = await device.push(withVote);
      expect(pushed.status).toBe(200);
      expect(pushed.body.results.map((r: { status: string }) => r.status)).toEqual([status, status, status]);
    }
    expect(await votesOf()).toEqual([['¿Qué color prefieres?', [0, 0, 1]]]);
    // A poll deleted while a kiosk was offline: its round arrives whole, its vote is not counted.
    const gone = (await createQuestion({ text: '¿Frío o calor?', kind: 'poll', answers: [{ text: 'Frío' }, { text: 'Calor' }] })).body;
    expect((await admin.delete(`/api/questions/${gone.id}`)).status).toBe(204);
    const late = kioskPlay(site, 4);
    const lateVote = late.mutations.map((m) => (m.kind === 'attempt' ? { ...m, payload: { ...m.payload, pollVotes: [{ questionId: gone.id, answerId: gone.answers[0].id }] } } : m));
    const pushed = await device.push(lateVote);
    expect(pushed.body.results.map((r: { status: string }) => r.status)).toEqual(['applied', 'applied', 'applied']);
    expect(await votesOf()).toEqual([['¿Qué color prefieres?', [0, 0, 1]]]);
  });

  it('is no question of the analysis: its scored questions only', async () => {
    const analysis = await admin.get(`/api/question-groups/${groupId}/analysis`);
    expect(analysis.status).toBe(200);
    expect(analysis.body.questions.map((q: { questionId: number }) => q.questionId)).toEqual(site.trivia.items.map((item) => item.question.id));
  });

  it('goes with its rounds: "Borrar datos" of the trivia empties its polls', async () => {
    expect((await startOnline([{ questionId: poll.id, answerId: poll.answers[0]!.id }])).status).toBe(200);
    expect((await results())[0]!.votes).toBeGreaterThan(0);
    expect((await admin.delete(`/api/question-groups/${groupId}/player-attempts`)).status).toBeLessThan(300);
    expect(await votesOf()).toEqual([['¿Qué color prefieres?', [0, 0, 0]]]);
  });
});
