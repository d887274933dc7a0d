import type { EntityManager } from 'typeorm';
import type { DrawEntry, DrawEntryView, DrawFilters, DrawRecord, DrawVerification, Scoring } from '../../../contract';
import { CampaignQuestionGroupEntity, PrizeDrawEntity } from '../../../db/entities';
import { findCampaign } from '../../content/campaigns/service';
import { unprocessable } from '../../platform/http/errors';
import { missing } from '../../platform/access/not-found';
import { quoted, recordActivity, type Actor } from '../../platform/activity/record';
import { findQuestionGroup } from '../../content/question-groups/service';
import { companyTimeZone } from '../../standings/event-time-zone';
import { newSeed, winnerPositions } from './draw-order';
import { eligibleQuery, type DrawSubject } from './eligibility';
import { EMPTY_ENTRIES_HASH, ENTRIES_HASH_SQL, NOT_A_REPEAT, repeatsOf, type RepeatMark } from './repeats';


/** A draw asked for by the admin screen: never its seed, which is always a new random one (`newSeed`). */
export interface DrawInput {
  prizes: number;
  filters: DrawFilters;
  actor: Actor;
}

/** The trivia, or the campaign with its trivias and rules; 404 when it does not exist. */
export async function drawSubject(em: EntityManager, kind: 'trivia' | 'campaign', id: number): Promise<DrawSubject> {
  if (kind === 'trivia') {
    const trivia = await findQuestionGroup(em, id);
    return { kind, id, timeZone: await companyTimeZone(em, trivia.companyId) };
  }
  const campaign = await findCampaign(em, id);
  const links = await em.find(CampaignQuestionGroupEntity, { where: { campaignId: id }, select: { questionGroupId: true }, order: { questionGroupId: 'ASC' } });
  return {
    kind,
    id,
    timeZone: await companyTimeZone(em, campaign.companyId),
    triviaIds: links.map((link) => link.questionGroupId),
    startDate: campaign.startDate,
    endDate: campaign.endDate,
    maxAttemptsPerTrivia: campaign.maxAttemptsPerTrivia,
  };
}

const subjectColumns = (subject: DrawSubject) =>
  subject.kind === 'trivia' ? { questionGroupId: subject.id, campaignId: null } : { questionGroupId: null, campaignId: subject.id };

/**
 * Runs and records a new draw, its seed drawn here from the server's cryptographic random source
 * (no caller can choose it). It is added to the record: an earlier draw with the same prizes and
 * the same entries or filters stays, and this one is marked its repeat (`repeatsOf`). The subject's draws queue behind a transaction
 * lock, so a draw that excludes past winners sees the one that ran just before it.
 */
export async function runDraw(em: EntityManager, subject: DrawSubject, input: DrawInput): Promise<DrawRecord> {
  const id = await em.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`prize-draw:${subject.kind}:${subject.id}`]);
    const seed = newSeed();
    const draw = await tx.save(
      tx.create(PrizeDrawEntity, {
        ...subjectColumns(subject),
        filters: input.filters,
        prizes: input.prizes,
        seed,
        seedFromServer: true,
        eligibleCount: 0,
        entriesHash: EMPTY_ENTRIES_HASH,
        winners: [],
        createdBy: input.actor.userId,
      }),
    );
    const { count: eligibleCount, hash: entriesHash } = await storeEntries(tx, draw.id, await eligibleQuery(tx, subject, input.filters));
    if (eligibleCount < input.prizes) {
      throw unprocessable(
        eligibleCount === 0
          ? `No hay participantes que cumplan los filtros para ${input.prizes === 1 ? 'el premio' : `${input.prizes} premios`}`
          : `Hay ${eligibleCount} ${eligibleCount === 1 ? 'participante que cumple' : 'participantes que cumplen'} los filtros, menos que los ${input.prizes} premios`,
        { code: 'draw_not_enough_eligible' },
      );
    }
    const winners = await entriesAt(tx, draw.id, winnerPositions(seed, eligibleCount, input.prizes));
    await tx.update(PrizeDrawEntity, draw.id, { eligibleCount, entriesHash, winners });
    const [owner] = (await tx.query(subject.kind === 'trivia' ? 'SELECT name, company_id FROM question_groups WHERE id = $1' : 'SELECT name, company_id FROM campaigns WHERE id = $1', [subject.id])) as { name: string; company_id: number }[];
    await recordActivity(tx, input.actor, {
      companyId: owner?.company_id ?? null,
      kind: 'draw',
      objectId: draw.id,
      action: 'run',
      summary: `Realizó un sorteo de ${input.prizes === 1 ? '1 premio' : `${input.prizes} premios`} entre ${eligibleCount} participantes de la ${subject.kind === 'trivia' ? 'trivia' : 'campaña'} ${quoted(owner?.name ?? String(subject.id))}`,
      changes: { premios: [null, input.prizes], participantes: [null, eligibleCount] },
    });
    return draw.id;
  });
  const repeats = await repeatsOf(em, subject, [id]);
  return presentDraw(em, await findDraw(em, id), repeats.get(id) ?? NOT_A_REPEAT);
}

/**
 * Writes the eligible entries as the draw's rows, numbered in the list's order (player id, then
 * attempt id), in PostgreSQL (the list never reaches the API); how many there are and the list's
 * hash (`ENTRIES_HASH_SQL`, what a repeat is compared by).
 */
async function storeEntries(em: EntityManager, drawId: number, eligible: { sql: string; params: unknown[] }): Promise<{ count: number; hash: string }> {
  const drawParam = `$${eligible.params.length + 1}`;
  const [stored]: { count: number; hash: string }[] = await em.query(
    `WITH stored AS (
       INSERT INTO prize_draw_entries (draw_id, position, player_id, attempt_id)
       SELECT ${drawParam}, (row_number() OVER (ORDER BY player_id, id) - 1)::int, player_id, id FROM (${eligible.sql}) eligible
       RETURNING player_id, attempt_id
     ) SELECT count(*)::int AS count, ${ENTRIES_HASH_SQL} AS hash FROM stored e`,
    [...eligible.params, drawId],
  );
  return stored!;
}

/** The draw's entries at these places of its list, in the order asked. */
async function entriesAt(em: EntityManager, drawId: number, positions: number[]): Promise<DrawEntry[]> {
  const rows: { position: number; player_id: number; attempt_id: number }[] = await em.query(
    `SELECT position, player_id, attempt_id FROM prize_draw_entries WHERE draw_id = $1 AND position = ANY($2::int[])`,
    [drawId, positions],
  );
  const byPosition = new Map(rows.map((row) => [row.position, { playerId: row.player_id, attemptId: row.attempt_id }]));
  return positions.map((position) => byPosition.get(position)!);
}

export async function findDraw(em: EntityManager, id: number): Promise<PrizeDrawEntity> {
  const draw = await em.findOne(PrizeDrawEntity, { where: { id }, relations: { creator: true } });
  if (!draw) throw missing('draw');
  return draw;
}

/** Every draw of a trivia or campaign, newest first, repeats included and marked. */
export async function listDraws(em: EntityManager, subject: DrawSubject): Promise<DrawRecord[]> {
  const draws = await em.find(PrizeDrawEntity, { where: subject.kind === 'trivia' ? { questionGroupId: subject.id } : { campaignId: subject.id }, relations: { creator: true }, order: { id: 'DESC' } });
  const repeats = await repeatsOf(em, subject);
  return Promise.all(draws.map((draw) => presentDraw(em, draw, repeats.get(draw.id) ?? NOT_A_REPEAT)));
}

/** Re-runs a draw from its stored list and seed (never from today's attempts). */
export async function verifyDraw(em: EntityManager, id: number): Promise<DrawVerification> {
  const draw = await findDraw(em, id);
  const winners = await entriesAt(em, draw.id, winnerPositions(draw.seed, draw.eligibleCount, draw.prizes));
  const same = (a: DrawEntry, b: DrawEntry | undefined) => !!b && a.playerId === b.playerId && a.attemptId === b.attemptId;
  return {
    id: draw.id,
    seed: draw.seed,
    eligibleCount: draw.eligibleCount,
    winners: await describeEntries(em, winners),
    matches: winners.length === draw.winners.length && winners.every((w, i) => same(w, draw.winners[i])),
  };
}

/** A draw entry's player as the draw's screens and export name them. */
export const entryName = (firstName: string, lastName: string) => `${firstName} ${lastName}`.trim();

interface EntryFacts {
  names: Map<number, string>;
  scores: Map<number, { score: number; scoring: Scoring }>;
}

/** The names and scores of entries as they are now (a player erased since the draw has none). */
async function entryFacts(em: EntityManager, entries: DrawEntry[]): Promise<EntryFacts> {
  const players: { id: number; first_name: string; last_name: string }[] = await em.query(
    `SELECT id, first_name, last_name FROM players WHERE id = ANY($1::int[])`,
    [[...new Set(entries.map((e) => e.playerId))]],
  );
  const attempts: { id: number; score: number; scoring: Scoring }[] = await em.query(
    `SELECT a.id, a.score, g.scoring FROM player_attempts a JOIN question_groups g ON g.id = a.question_group_id WHERE a.id = ANY($1::int[])`,
    [entries.map((e) => e.attemptId)],
  );
  return {
    names: new Map(players.map((p) => [p.id, entryName(p.first_name, p.last_name)])),
    scores: new Map(attempts.map((a) => [a.id, { score: Number(a.score), scoring: a.scoring }])),
  };
}

async function describeEntries(em: EntityManager, entries: DrawEntry[]): Promise<DrawEntryView[]> {
  const { names, scores } = await entryFacts(em, entries);
  return entries.map((entry) => ({
    ...entry,
    name: names.get(entry.playerId) ?? null,
    score: scores.get(entry.attemptId)?.score ?? null,
    scoring: scores.get(entry.attemptId)?.scoring ?? null,
  }));
}

async function presentDraw(em: EntityManager, draw: PrizeDrawEntity, repeat: RepeatMark): Promise<DrawRecord> {
  return {
    id: draw.id,
    questionGroupId: draw.questionGroupId,
    campaignId: draw.campaignId,
    filters: draw.filters,
    prizes: draw.prizes,
    seed: draw.seed,
    eligibleCount: draw.eligibleCount,
    winners: await describeEntries(em, draw.winners),
    createdAt: draw.createdAt.toISOString(),
    createdBy: draw.creator?.username ?? null,
    seedFromServer: draw.seedFromServer,
    entriesHash: draw.entriesHash,
    ...repeat,
  };
}
