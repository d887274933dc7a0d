import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { buildCompany, buildLocation, buildTrivia } from './factories';
import type { TestApi } from './api-server';
import type { TestClient } from './http-client';

/** The id of a seeded document type (CC unless told). */
export async function documentTypeId(ds: DataSource, code = 'CC'): Promise<number> {
  const [row] = await ds.query(`SELECT id FROM document_types WHERE code = $1`, [code]);
  return row.id;
}

/** A document number no other test uses. */
export const freshDocument = () => String(10_000_000 + Math.floor(Math.random() * 89_999_999));

/** How much of each player-flow table there is: "nothing changed" is two equal snapshots. */
export async function playerFlowSnapshot(ds: DataSource) {
  const [row] = await ds.query(`
    SELECT (SELECT count(*)::int FROM players) AS players,
           (SELECT count(*)::int FROM player_aliases) AS aliases,
           (SELECT count(*)::int FROM player_attempts) AS attempts,
           (SELECT count(*)::int FROM player_attempts WHERE completed_at IS NOT NULL) AS completed,
           (SELECT coalesce(sum(score), 0)::int FROM player_attempts) AS scores,
           (SELECT count(*)::int FROM sync_mutations) AS mutations,
           (SELECT coalesce(sum(last_mutation_id), 0)::int FROM devices) AS counters`);
  return row as { players: number; aliases: number; attempts: number; completed: number; scores: number; mutations: number; counters: number };
}

/** A registered device that pushes mutations through POST /api/sync. */
export async function registerDevice(api: TestApi, client: TestClient = api.client()) {
  const res = await client.post('/api/devices');
  if (res.status !== 201) throw new Error(`device registration failed: ${res.status} ${res.text}`);
  const { deviceId, secret } = res.body as { deviceId: string; secret: string };
  return {
    deviceId,
    secret,
    push: (mutations: unknown[], headers: Record<string, string> = {}) =>
      client.post('/api/sync', { mutations }, { headers: { 'X-Device-Id': deviceId, 'X-Device-Secret': secret, ...headers } }),
  };
}

export interface OfflinePlayInput {
  firstMutationId: number;
  documentTypeId: number;
  documentNumber: string;
  locationId: number;
  questionGroupId: number;
  answers: { questionId: number; answerId: number }[];
  totalQuestions?: number;
  completionTime?: number;
  completedAt?: Date;
  /** The device's startedAt when it disagrees with completedAt − completionTime. */
  startedAt?: Date;
  playerClientId?: string;
}

/**
 * The three mutations of one offline play: register, start, finish with the chosen answers. The
 * round is the answers given (unless totalQuestions says otherwise); startedAt is completionTime
 * (60 s unless told) before completedAt (now unless told), as the player screen sends them.
 */
export function offlinePlay(input: OfflinePlayInput) {
  const playerClientId = input.playerClientId ?? randomUUID();
  const attemptClientId = randomUUID();
  const completionTime = input.completionTime ?? 60;
  const completedAt = input.completedAt ?? new Date();
  const startedAt = (input.startedAt ?? new Date(completedAt.getTime() - completionTime * 1000)).toISOString();
  return {
    playerClientId,
    attemptClientId,
    mutations: [
      {
        mutationId: input.firstMutationId,
        kind: 'player',
        payload: {
          clientId: playerClientId,
          fullName: 'Laura María Gómez',
          documentTypeId: input.documentTypeId,
          documentNumber: input.documentNumber,
          locationId: input.locationId,
        },
      },
      {
        mutationId: input.firstMutationId + 1,
        kind: 'attempt',
        payload: {
          clientId: attemptClientId,
          playerClientId,
          questionGroupId: input.questionGroupId,
          totalQuestions: input.totalQuestions ?? input.answers.length,
          startedAt,
        },
      },
      {
        mutationId: input.firstMutationId + 2,
        kind: 'completion',
        payload: {
          attemptClientId,
          answers: input.answers,
          completionTime,
          completedAt: completedAt.toISOString(),
        },
      },
    ],
  };
}

export type TestTrivia = Awaited<ReturnType<typeof buildTrivia>>;

/** The chosen answers: the first `correct` questions right (answer 0 is the correct one), the rest wrong. */
export const chooseAnswers = (trivia: TestTrivia, correct: number) =>
  trivia.items.map(({ question, answers }, i) => ({ questionId: question.id, answerId: answers[i < correct ? 0 : 1]!.id }));

/** How an online attempt names its player: the id and the player's document, the proof that it is theirs. */
export const playerProof = (player: { id: number; documentTypeId: number; documentNumber: string }) => ({
  playerId: player.id,
  documentTypeId: player.documentTypeId,
  documentNumber: player.documentNumber,
});

/** Where a kiosk plays: a company with one site and one trivia, and the document type (CC) its players give. */
export async function buildKioskSite(ds: DataSource, options: { siteName: string; trivia: Parameters<typeof buildTrivia>[2] }) {
  const cc = await documentTypeId(ds);
  const company = await buildCompany(ds);
  const site = await buildLocation(ds, company.id, options.siteName);
  const trivia = await buildTrivia(ds, company.id, options.trivia);
  return { cc, company, site, trivia };
}
export type KioskSite = Awaited<ReturnType<typeof buildKioskSite>>;

/** One offline play at the kiosk's site by a new player, the trivia's first three answers right unless told. */
export const kioskPlay = ({ cc, site, trivia }: Pick<KioskSite, 'cc' | 'site' | 'trivia'>, firstMutationId: number, overrides: Partial<OfflinePlayInput> = {}) =>
  offlinePlay({
    firstMutationId,
    documentTypeId: cc,
    documentNumber: freshDocument(),
    locationId: site.id,
    questionGroupId: trivia.group.id,
    answers: chooseAnswers(trivia, 3),
    ...overrides,
  });
