import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { expect } from 'vitest';
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

/** How long before the test a device registered by registerDevice was set up (and last seen): its rounds are placed after. */
export const DEVICE_SETUP_AGO_MS = 2 * 3600_000;

/**
 * A registered device that pushes mutations through POST /api/sync: by default a kiosk set up by
 * staff two hours ago and not seen since (so rounds played in those two hours are anchored), of the
 * trivia `questionGroupId` names or, unless told, of the trivia of the first round it pushes (a
 * kiosk's exemptions hold only for its own trivia); `phone` leaves it a plain device (a phone:
 * players-per-hour limit), registered as long ago. The past is written into its row: the server's
 * own clock cannot be moved back.
 */
export async function registerDevice(
  api: TestApi,
  client: TestClient = api.client(),
  { phone = false, agoMs = DEVICE_SETUP_AGO_MS, questionGroupId }: { phone?: boolean; agoMs?: number; questionGroupId?: number } = {},
) {
  const res = await client.post('/api/devices');
  if (res.status !== 201) throw new Error(`device registration failed: ${res.status} ${res.text}`);
  const { deviceId, secret } = res.body as { deviceId: string; secret: string };
  await api.dataSource.query(
    `UPDATE devices SET created_at = now() - make_interval(secs => $2::float8 / 1000),
            kiosk_name = CASE WHEN $3 THEN NULL ELSE 'Tableta de pruebas' END,
            kiosk_setup_at = CASE WHEN $3 THEN NULL ELSE now() - make_interval(secs => $2::float8 / 1000) END,
            kiosk_question_group_id = CASE WHEN $3 THEN NULL ELSE $4::int END
      WHERE id = $1`,
    [deviceId, agoMs, phone, questionGroupId ?? null],
  );
  return {
    deviceId,
    secret,
    /**
     * Pushes as a device back from being offline since its set-up: its last contact is forgotten
     * first, so the rounds offlinePlay places in the last two hours are anchored however often it pushed.
     */
    push: async (mutations: unknown[], headers: Record<string, string> = {}) => {
      const pushed = Array.isArray(mutations) ? (mutations as { kind?: string; payload?: { questionGroupId?: unknown } }[]) : [];
      const firstTrivia = pushed.find((m) => m?.kind === 'attempt')?.payload?.questionGroupId;
      await api.dataSource.query(
        `UPDATE devices SET drained_at = NULL,
                kiosk_question_group_id = CASE WHEN kiosk_name IS NULL THEN NULL ELSE COALESCE(kiosk_question_group_id, (SELECT id FROM question_groups WHERE id = $2)) END
          WHERE id = $1`,
        [deviceId, typeof firstTrivia === 'number' ? firstTrivia : null],
      );
      return client.post('/api/sync', { mutations }, { headers: { 'X-Device-Id': deviceId, 'X-Device-Secret': secret, ...headers } });
    },
  };
}

/** A new phone's credentials as request headers: what the player screen sends when it asks the server to deal a round. */
export async function phoneHeaders(api: TestApi, client: TestClient = api.client()) {
  const res = await client.post('/api/devices');
  if (res.status !== 201) throw new Error(`device registration failed: ${res.status} ${res.text}`);
  return deviceHeaders(res.body as { deviceId: string; secret: string });
}

export interface OfflinePlayInput {
  firstMutationId: number;
  documentTypeId: number;
  documentNumber: string;
  locationId: number;
  questionGroupId: number;
  answers: { questionId: number; answerId: number; answerIds?: number[] }[];
  totalQuestions?: number;
  completionTime?: number;
  completedAt?: Date;
  /** The device's startedAt when it disagrees with completedAt − completionTime. */
  startedAt?: Date;
  playerClientId?: string;
}

/** Rounds placed so far, per test file: files share this module when Vitest runs them in one worker. */
const roundsPlayed = new Map<string, number>();
/**
 * When an offline round ended unless told: one after another, 90 s apart, going back from now
 * within the time since registerDevice's set-up, so the rounds of one device never overlap.
 */
function nextRoundEnd(): Date {
  const file = expect.getState().testPath ?? '';
  const played = roundsPlayed.get(file) ?? 0;
  roundsPlayed.set(file, played + 1);
  const slot = played % Math.floor((DEVICE_SETUP_AGO_MS - 300_000) / 90_000);
  return new Date(Date.now() - slot * 90_000);
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
  const completedAt = input.completedAt ?? nextRoundEnd();
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
          // The round the device dealt: the questions answered, unless the test says the round had another size.
          ...(input.totalQuestions === undefined ? { questionIds: input.answers.map((a) => a.questionId) } : {}),
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

/** Sets a registered device up as a kiosk of the trivia, as staff do: an admin's one-time link, redeemed by the device. */
export async function setUpKiosk(api: TestApi, admin: TestClient, device: { deviceId: string; secret: string }, questionGroupId: number, name = 'Tableta de pruebas') {
  const link = await admin.post(`/api/question-groups/${questionGroupId}/kiosk-setup`);
  const token = new URL(link.body.path, 'http://x').searchParams.get('kiosk');
  const res = await api.client().post('/api/kiosk-setup', { token, questionGroupId, name }, { headers: { 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret } });
  if (res.status !== 200) throw new Error(`kiosk setup failed: ${res.status} ${res.text}`);
}

/** A device's credentials as request headers. */
export const deviceHeaders = (device: { deviceId: string; secret: string }) => ({ 'X-Device-Id': device.deviceId, 'X-Device-Secret': device.secret });
