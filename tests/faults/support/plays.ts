import { randomUUID } from 'node:crypto';
import type { Mutation, PlayBundle } from '../../../contract';
import { isPoll, roundSize, scoreOf } from '../../../contract';
import { playableCount } from '../../../web/offline/round';
import { queryServer } from './server-records';

/**
 * A small seeded generator (mulberry32): the same seed always plays the same rounds (names,
 * questions, answers, times); client ids stay random UUIDs, unique across runs like a kiosk's.
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = int(0, i);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };
  return { next, int, pick, shuffle };
}
export type Random = ReturnType<typeof seededRandom>;

/** The seed of the run: FAULT_SEED, or a fixed one so CI replays the same rounds. */
export const FAULT_SEED = Number(process.env.FAULT_SEED ?? 20_261_123);

const FIRST_NAMES = ['Laura', 'Andrés', 'María José', 'Camilo', 'Valentina', 'Julián', 'Sofía', 'Mateo', 'Lucía', 'Santiago'];
const LAST_NAMES = ['Gómez', 'Rodríguez', 'Martínez', 'López', 'Peña', 'Castaño', 'Ruiz', 'Vega', 'Soto', 'Núñez'];

/** What a completion must leave on the server: the score it computes from the answers sent. */
export interface ExpectedCompletion {
  attemptClientId: string;
  correctAnswers: number;
  score: number;
  completionTime: number;
  answers: { questionId: number; answerId: number }[];
}

/** What a device plays: its mutations in outbox order (ids 1..n) and what each must leave on the server. */
export interface PlayedOutbox {
  mutations: Mutation[];
  players: { clientId: string; documentTypeId: number; documentNumber: string; fullName: string }[];
  attempts: { clientId: string; playerClientId: string }[];
  /** The poll votes the rounds' starts carry (with `votes`), each with its round. */
  votes: { attemptClientId: string; questionId: number; answerId: number }[];
  completions: ExpectedCompletion[];
  /** When its last round ended (ms). */
  endsAt?: number;
}

/**
 * A kiosk's outbox after `players` people played `roundsEach` rounds each, as the player screen
 * records them: a player, then per round an attempt (with its poll votes, when asked) and a
 * completion that answers every question of the round with real answer ids (some right, some
 * wrong), times between 8 s and 2 min.
 */
/**
 * The type the generated documents are written in: letters and digits (a passport), so the
 * prefixes' letters keep the numbers apart (a numeric type would keep the digits only).
 */
export const lettersDocumentType = (bundle: PlayBundle) => bundle.documentTypes.find((type) => !type.numeric) ?? bundle.documentTypes[0]!;

export function playOutbox(
  bundle: PlayBundle,
  random: Random,
  options: {
    players: number;
    roundsEach: number;
    documentPrefix: string;
    firstMutationId?: number;
    /** When the first round may start (ms): six hours ago unless told. */
    startsAt?: number;
    /** Seconds between one round's end and the next one's start: 30 to 300 unless told. */
    gapSeconds?: [number, number];
    /** Each round's start carries a vote in every poll of the trivia (contract/polls.ts), as the player screen sends them. */
    votes?: boolean;
  },
): PlayedOutbox {
  const outbox: PlayedOutbox = { mutations: [], players: [], attempts: [], votes: [], completions: [] };
  // A round deals the scored questions; the polls are answered before it.
  const scored = bundle.questions.filter((question) => !isPoll(question));
  const polls = options.votes ? bundle.questions.filter((question) => isPoll(question)) : [];
  const documentType = lettersDocumentType(bundle);
  const size = roundSize(playableCount(bundle), bundle.group.questionsPerRound);
  let mutationId = options.firstMutationId ?? 1;
  let clock = options.startsAt ?? Date.now() - 6 * 60 * 60 * 1000;
  const [gapMin, gapMax] = options.gapSeconds ?? [30, 300];
  for (let p = 0; p < options.players; p++) {
    const player = {
      clientId: randomUUID(),
      fullName: `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`,
      documentTypeId: documentType.id,
      documentNumber: `${options.documentPrefix}${String(p).padStart(4, '0')}`,
    };
    outbox.players.push(player);
    outbox.mutations.push({ mutationId: mutationId++, kind: 'player', payload: { ...player, locationId: random.pick(bundle.locations).id } });
    for (let r = 0; r < options.roundsEach; r++) {
      const attemptClientId = randomUUID();
      const startedAt = new Date(clock + random.int(gapMin, gapMax) * 1000);
      outbox.attempts.push({ clientId: attemptClientId, playerClientId: player.clientId });
      const pollVotes = polls.map((poll) => ({ questionId: poll.id, answerId: random.pick(bundle.answers[String(poll.id)] ?? []).id }));
      outbox.votes.push(...pollVotes.map((vote) => ({ attemptClientId, ...vote })));
      let correctAnswers = 0;
      const answers = random.shuffle(scored).slice(0, size).map((question) => {
        const options = bundle.answers[String(question.id)] ?? [];
        const chosen = random.pick(options);
        if (chosen.isCorrect) correctAnswers++;
        return { questionId: question.id, answerId: chosen.id };
      });
      // Queued at the round's start; its questions were dealt then.
      outbox.mutations.push({
        mutationId: mutationId++,
        kind: 'attempt',
        payload: {
          clientId: attemptClientId,
          playerClientId: player.clientId,
          questionGroupId: bundle.group.id,
          totalQuestions: size,
          // The round the device dealt, as the player screen sends it (the answers follow its order).
          questionIds: answers.map((answer) => answer.questionId),
          startedAt: startedAt.toISOString(),
          ...(pollVotes.length ? { pollVotes } : {}),
        },
      });
      // At least 2 s per question, as the player screen shows each answer's feedback for 2 s.
      const completionTime = random.int(2 * size + 2, 120);
      const completedAt = new Date(startedAt.getTime() + completionTime * 1000);
      clock = completedAt.getTime();
      outbox.completions.push({ attemptClientId, correctAnswers, score: scoreOf(correctAnswers, size), completionTime, answers });
      outbox.mutations.push({
        mutationId: mutationId++,
        kind: 'completion',
        payload: { attemptClientId, answers, completionTime, completedAt: completedAt.toISOString() },
      });
    }
  }
  outbox.endsAt = clock;
  return outbox;
}

/**
 * The trivia a kiosk plays, read as a phone reads it (GET /api/play/{id}/bundle), with the answer
 * key a set-up kiosk has, from the server's database (the test computes the scores it expects).
 */
export async function fetchBundle(baseUrl: string, questionGroupId: number, databaseUrl: string): Promise<PlayBundle> {
  const reply = await fetch(`${baseUrl}/api/play/${questionGroupId}/bundle`);
  if (!reply.ok) throw new Error(`bundle: ${reply.status} ${await reply.text()}`);
  const bundle = (await reply.json()) as PlayBundle;
  const key = await queryServer<{ id: number; is_correct: boolean }>(databaseUrl, `SELECT id, is_correct FROM answers`);
  const correct = new Map(key.map((row) => [row.id, row.is_correct]));
  for (const answers of Object.values(bundle.answers)) for (const answer of answers) answer.isCorrect = correct.get(answer.id) ?? false;
  return bundle;
}
