import type { DataSource, EntityManager } from 'typeorm';
import { KEPT_UNAPPLIED, mutationSchema, type PushedMutation, type SyncReply, type SyncResult } from '../../../contract';
import { conflict, toAppError, unprocessable } from '../../platform/http/errors';
import { applyMutation, type PushOrigin } from './apply-mutation';
import type { FairPlayLimits } from '../../platform/config';
import { clockOffsetMs } from '../attempts/anchoring';
import { lockPushingDevice, type RoundDevice } from '../attempts/device-rounds';
import { completionResult } from './completion-result';
import type { AttemptRow } from '../attempts/attempt-row';
import { PushMemo } from './push-memo';
import { canonicalJson } from '../../platform/lib/canonical-json';
import { sha256 } from '../../platform/lib/crypto';
import { storableJson } from './storable-json';
import { rejectionDocumentKey, rejectionRecord } from './rejections';
import { prepared } from '../../../db/prepared-statements';

/** The device a push comes from, the push as fair play sees it, and what its transaction has read once (PushMemo). */
type AppliedBy = PushOrigin & { memo: PushMemo };

type Outcome = { settled: SyncResult; replay: boolean; lastMutationId: number } | { gap: true; lastMutationId: number };

/** A settled mutation as sync_mutations keeps it. */
interface SeenMutation {
  payload_hash: string;
  status: 'applied' | 'rejected' | typeof KEPT_UNAPPLIED;
  reason: string | null;
  result_id: number | null;
}

/** A resend of a settled mutation gets its first outcome again: refused or kept unapplied with its reason, an applied one as duplicate with its id. */
function replayOutcome(mutationId: number, seen: SeenMutation | undefined): SyncResult {
  if (seen?.status === 'rejected' || seen?.status === KEPT_UNAPPLIED) return { mutationId, status: seen.status, reason: seen.reason ?? '' };
  const settled: SyncResult = { mutationId, status: 'duplicate' };
  if (seen?.result_id != null) settled.id = seen.result_id;
  return settled;
}

/**
 * Thrown by a transaction run without savepoints when a mutation is refused: the whole transaction
 * is rolled back and run again with a savepoint per mutation (refusals are rare; a savepoint is a
 * round trip per mutation on every push).
 */
class RefusedWithoutSavepoint extends Error {}

/**
 * Applies a mutation. A payload the contract refuses, or a mutation the rules refuse (any 4xx), is
 * a rejection with its message. With `savepoints`, the mutation runs inside one that undoes
 * whatever it started when it is refused; without, a refusal throws RefusedWithoutSavepoint.
 */
async function applyOrReject(em: EntityManager, pushed: PushedMutation, device: AppliedBy, savepoints: boolean): Promise<SyncResult> {
  const { mutationId } = pushed;
  const parsed = mutationSchema.safeParse(pushed);
  if (!parsed.success) return { mutationId, status: 'rejected', reason: parsed.error.issues[0]?.message ?? 'Operación no válida' };
  if (savepoints) await em.query('SAVEPOINT mutation');
  try {
    const outcome = await applyMutation(em, parsed.data, device, device.memo);
    if ('keptUnapplied' in outcome) return { mutationId, status: KEPT_UNAPPLIED, reason: outcome.keptUnapplied };
    return { mutationId, status: 'applied', id: outcome.id, ...(outcome.result ? { result: outcome.result } : {}) };
  } catch (error) {
    const refusal = toAppError(error);
    if (!refusal || refusal.status >= 500) throw error;
    if (!savepoints) throw new RefusedWithoutSavepoint();
    await em.query('ROLLBACK TO SAVEPOINT mutation');
    return { mutationId, status: 'rejected', reason: refusal.message };
  }
}

/** A settled mutation's row of sync_mutations, written with the rest of its transaction's at its end. */
interface SyncMutationRow {
  mutationId: number;
  kind: string;
  payloadHash: string;
  payload: string;
  status: SyncResult['status'];
  reason: string | null;
  resultId: number | null;
  /** A refused mutation's document, fingerprinted (`rejectionDocumentKey`); null for the others. */
  documentKey: string | null;
}

/**
 * One mutation, inside its batch's transaction (the device row already locked, its counter at
 * `last`): a resend is answered with its first outcome, a new mutation is applied or rejected and
 * its sync_mutations row added to `kept` (written by writeSettled before the transaction commits).
 */
async function settleMutation(em: EntityManager, device: AppliedBy, pushed: PushedMutation, last: number, kept: SyncMutationRow[], savepoints: boolean): Promise<Outcome> {
  // The payload as the device sent it: a resend of the same outbox record always matches.
  const payloadHash = sha256(canonicalJson({ kind: pushed.kind, payload: pushed.payload }));

  if (pushed.mutationId <= last) {
    const unwritten = kept.find((row) => row.mutationId === pushed.mutationId);
    const [seen]: SeenMutation[] = unwritten
      ? [{ payload_hash: unwritten.payloadHash, status: unwritten.status as SeenMutation['status'], reason: unwritten.reason, result_id: unwritten.resultId }]
      : await em.query(prepared(`SELECT payload_hash, status, reason, result_id FROM sync_mutations WHERE device_id = $1 AND mutation_id = $2`), [
          device.id,
          pushed.mutationId,
        ]);
    if (seen && seen.payload_hash !== payloadHash) {
      throw unprocessable(`La operación ${pushed.mutationId} ya se recibió con otro contenido`, { code: 'sync_payload_mismatch', lastMutationId: last });
    }
    const settled = replayOutcome(pushed.mutationId, seen);
    // A completion sent again (its reply was lost) gets its result again: the phone may still be waiting for it.
    if (pushed.kind === 'completion' && settled.status === 'duplicate' && settled.id !== undefined) {
      const [attempt]: AttemptRow[] = await em.query(
        prepared(`SELECT a.*, g.scoring FROM player_attempts a JOIN question_groups g ON g.id = a.question_group_id WHERE a.id = $1`),
        [settled.id],
      );
      if (attempt?.completed_at) settled.result = await completionResult(em, attempt);
    }
    return { settled, replay: true, lastMutationId: last };
  }
  if (pushed.mutationId > last + 1) return { gap: true, lastMutationId: last };

  // A completion of an attempt kept unapplied earlier in this transaction looks its attempt up in sync_mutations.
  if (pushed.kind === 'completion' && kept.some((row) => row.kind === 'attempt' && row.status === KEPT_UNAPPLIED)) await writeSettled(em, device.id, kept);
  const settled = await applyOrReject(em, pushed, device, savepoints);
  const rejected = settled.status === 'rejected';
  kept.push({
    mutationId: pushed.mutationId,
    kind: pushed.kind,
    payloadHash,
    // A refused payload is kept as staff are shown it (small, always displayable), with its document fingerprinted; the others as sent.
    payload: storableJson(rejected ? rejectionRecord(pushed.payload) : pushed.payload),
    status: settled.status,
    reason: settled.reason ?? null,
    resultId: settled.id ?? null,
    documentKey: rejected ? await rejectionDocumentKey(em, device.serverSecret, pushed.payload) : null,
  });
  return { settled, replay: false, lastMutationId: pushed.mutationId };
}

/**
 * Writes the kept rows of sync_mutations in one statement, and with them, when `lastMutationId` is
 * given, the device's counter: a transaction's bookkeeping costs one round trip however many
 * mutations it settled. Empties `kept`.
 */
async function writeSettled(em: EntityManager, deviceId: string, kept: SyncMutationRow[], lastMutationId?: number, drained = false): Promise<void> {
  const params: unknown[] = [deviceId];
  const values = kept.map((row) => {
    const at = params.length;
    params.push(row.mutationId, row.kind, row.payloadHash, row.payload, row.status, row.reason, row.resultId, row.documentKey);
    return `($1, ${[1, 2, 3, 4, 5, 6, 7, 8].map((i) => `$${at + i}`).join(', ')})`;
  });
  kept.length = 0;
  const insert = values.length
    ? `INSERT INTO sync_mutations (device_id, mutation_id, kind, payload_hash, payload, status, reason, result_id, document_key) VALUES ${values.join(', ')}`
    : '';
  if (lastMutationId === undefined) {
    if (insert) await em.query(insert, params);
    return;
  }
  params.push(lastMutationId);
  // A push that leaves nothing behind it ends the device's upload: its next rounds were played after now.
  // The device is heard from: a kiosk flagged as having lost its data had not.
  const counter = `UPDATE devices SET last_mutation_id = $${params.length}, last_seen_at = now(), data_lost_at = NULL${drained ? ', drained_at = now()' : ''} WHERE id = $1`;
  await em.query(insert ? `WITH kept AS (${insert}) ${counter}` : counter, params);
}

/**
 * At most this many mutations settle in one transaction. When one is refused, each is applied
 * under a savepoint, and PostgreSQL keeps the ids of 64 subtransactions per session in shared
 * memory; past that every other session's snapshot gets slower.
 */
export const MUTATIONS_PER_TRANSACTION = 32;

/** A settled part of a batch; `refusal` is a 409/422 to answer once what came before it is committed. */
interface SettledChunk {
  results: SyncResult[];
  lastMutationId: number;
  settledNew: boolean;
  stop: boolean;
  refusal?: unknown;
}

/**
 * Settles `chunk` in one transaction, the device's row locked by its caller (so the same batch
 * pushed five times at once is applied once) at counter `last`: each mutation is applied or rejected
 * and kept in sync_mutations, and the device's counter moves once, all committed together.
 */
async function settleChunk(
  em: EntityManager,
  device: AppliedBy,
  last: number,
  chunk: PushedMutation[],
  settledBefore: boolean,
  savepoints: boolean,
  /** The push's last chunk, and nothing waits behind the push on the device. */
  endsUpload: boolean,
): Promise<SettledChunk> {
  const deviceId = device.id;
  const done: SettledChunk = { results: [], lastMutationId: last, settledNew: false, stop: false };
  const kept: SyncMutationRow[] = [];
  for (const mutation of chunk) {
    let outcome: Outcome;
    try {
      outcome = await settleMutation(em, device, mutation, done.lastMutationId, kept, savepoints);
    } catch (error) {
      if (error instanceof RefusedWithoutSavepoint) throw error;
      // Refused after new mutations settled: those are committed, then the refusal is answered.
      if (!(settledBefore || done.settledNew) || !toAppError(error) || toAppError(error)!.status >= 500) throw error;
      done.stop = true;
      done.refusal = error;
      break;
    }
    if ('gap' in outcome) {
      if (!(settledBefore || done.settledNew)) {
        throw conflict(`Falta la operación ${outcome.lastMutationId + 1}: se recibió la ${mutation.mutationId} fuera de orden`, {
          code: 'sync_gap',
          lastMutationId: outcome.lastMutationId,
        });
      }
      done.stop = true;
      break;
    }
    done.lastMutationId = outcome.lastMutationId;
    done.results.push(outcome.settled);
    done.settledNew ||= !outcome.replay;
  }
  if (done.settledNew) await writeSettled(em, deviceId, kept, done.lastMutationId, endsUpload && !done.stop);
  return done;
}

/** PostgreSQL's deadlock and serialization failures: the transaction did nothing and may simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);
const isRetryable = (error: unknown) => {
  const e = error as { code?: string; driverError?: { code?: string } };
  return RETRYABLE.has((e.driverError ?? e).code ?? '');
};

/**
 * Applies a device's batch in order (POST /api/sync), MUTATIONS_PER_TRANSACTION at a time. Ids at
 * or below the device's counter are answered with their first outcome (422 when the payload
 * differs); an id past counter + 1 is a gap: when nothing in the batch has been settled yet the
 * whole push is refused with 409, otherwise the batch stops there and the reply lists what was
 * settled, so the device keeps the rest and resends.
 *
 * `onSettled` hears each mutation's outcome once its transaction has committed: a chunk rolled back
 * and run again (a refusal without savepoints, a deadlock) is heard once, as it was settled.
 */
export async function applySyncBatch(
  dataSource: DataSource,
  deviceId: string,
  origin: { serverSecret: string; fairPlay: FairPlayLimits; addressKey: string; sentAt?: string | undefined; more?: boolean | undefined },
  mutations: PushedMutation[],
  onSettled: (kind: PushedMutation['kind'], outcome: SyncResult['status']) => void = () => undefined,
): Promise<SyncReply> {
  const receivedAt = new Date();
  const offsetMs = clockOffsetMs(origin.sentAt, receivedAt);
  // The device as its first chunk's lock read it, before the push moved its last contact: the whole push is placed after it.
  let pushedFrom: RoundDevice | undefined;
  const results: SyncResult[] = [];
  let lastMutationId = 0;
  let settledNew = false;
  for (let start = 0; start < mutations.length; start += MUTATIONS_PER_TRANSACTION) {
    const chunk = mutations.slice(start, start + MUTATIONS_PER_TRANSACTION);
    let settled: SettledChunk;
    let savepoints = false;
    for (let attempt = 1; ; ) {
      try {
        const endsUpload = !origin.more && start + MUTATIONS_PER_TRANSACTION >= mutations.length;
        settled = await dataSource.transaction(async (em) => {
          const locked = await lockPushingDevice(em, deviceId);
          if (start === 0) pushedFrom = locked.device;
          const push = { device: pushedFrom!, receivedAt, fairPlay: origin.fairPlay, addressKey: origin.addressKey };
          const applied = { id: deviceId, serverSecret: origin.serverSecret, push, offsetMs, memo: new PushMemo(em) };
          return settleChunk(em, applied, locked.lastMutationId, chunk, settledNew, savepoints, endsUpload);
        });
        break;
      } catch (error) {
        // A refusal: run the chunk again, each mutation under a savepoint. A deadlock: run it again, at most 3 times.
        if (error instanceof RefusedWithoutSavepoint && !savepoints) savepoints = true;
        else if (attempt++ >= 3 || !isRetryable(error)) throw error;
      }
    }
    for (const result of settled.results) onSettled(chunk.find((m) => m.mutationId === result.mutationId)!.kind, result.status);
    results.push(...settled.results);
    lastMutationId = settled.lastMutationId;
    settledNew ||= settled.settledNew;
    if (settled.refusal) throw settled.refusal;
    if (settled.stop) break;
  }
  return { results, lastMutationId };
}
