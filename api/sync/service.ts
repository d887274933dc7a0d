import type { DataSource, EntityManager } from 'typeorm';
import { mutationSchema, type PushedMutation, type SyncReply, type SyncResult } from '../../contract';
import { sha256 } from '../attempts/token';
import { conflict, toAppError, unprocessable } from '../errors';
import { applyMutation } from './apply-mutation';
import { canonicalJson, storableJson } from './canonical-json';
import { rejectionRecord } from './rejections';

type Outcome = { settled: SyncResult; replay: boolean; lastMutationId: number } | { gap: true; lastMutationId: number };

interface SeenMutation {
  payload_hash: string;
  status: 'applied' | 'rejected' | 'held';
  reason: string | null;
  result_id: number | null;
}

/** A resend of a settled mutation gets its first outcome again: a rejection with its reason, an applied one as duplicate with its id. */
function replayOutcome(mutationId: number, seen: SeenMutation | undefined): SyncResult {
  if (seen?.status === 'rejected' || seen?.status === 'held') return { mutationId, status: seen.status, reason: seen.reason ?? '' };
  const settled: SyncResult = { mutationId, status: 'duplicate' };
  if (seen?.result_id != null) settled.id = seen.result_id;
  return settled;
}

/**
 * Applies a mutation inside a savepoint. A payload the contract refuses, or a mutation the rules
 * refuse (any 4xx), is a rejection with its message; the savepoint undoes whatever it started.
 */
async function applyOrReject(em: EntityManager, pushed: PushedMutation, device: { id: string; serverSecret: string }): Promise<SyncResult> {
  const { mutationId } = pushed;
  const parsed = mutationSchema.safeParse(pushed);
  if (!parsed.success) return { mutationId, status: 'rejected', reason: parsed.error.issues[0]?.message ?? 'Operación no válida' };
  await em.query('SAVEPOINT mutation');
  try {
    const outcome = await applyMutation(em, parsed.data, device);
    return 'held' in outcome ? { mutationId, status: 'held', reason: outcome.held } : { mutationId, status: 'applied', id: outcome.id };
  } catch (error) {
    const refusal = toAppError(error);
    if (!refusal || refusal.status >= 500) throw error;
    await em.query('ROLLBACK TO SAVEPOINT mutation');
    return { mutationId, status: 'rejected', reason: refusal.message };
  }
}

/**
 * One mutation in one transaction: the device row is locked (so the same batch pushed five times
 * at once is applied once), the mutation is applied or rejected, its row is kept in
 * sync_mutations and the device's counter moves, all committed together.
 */
async function settleMutation(em: EntityManager, deviceId: string, serverSecret: string, pushed: PushedMutation): Promise<Outcome> {
  const [device] = await em.query(`SELECT last_mutation_id FROM devices WHERE id = $1 FOR UPDATE`, [deviceId]);
  const last: number = device.last_mutation_id;
  // The payload as the device sent it: a resend of the same outbox record always matches.
  const payloadHash = sha256(canonicalJson({ kind: pushed.kind, payload: pushed.payload }));

  if (pushed.mutationId <= last) {
    const [seen]: SeenMutation[] = await em.query(
      `SELECT payload_hash, status, reason, result_id FROM sync_mutations WHERE device_id = $1 AND mutation_id = $2`,
      [deviceId, pushed.mutationId],
    );
    if (seen && seen.payload_hash !== payloadHash) {
      throw unprocessable(`La operación ${pushed.mutationId} ya se recibió con otro contenido`, { code: 'sync_payload_mismatch', lastMutationId: last });
    }
    return { settled: replayOutcome(pushed.mutationId, seen), replay: true, lastMutationId: last };
  }
  if (pushed.mutationId > last + 1) return { gap: true, lastMutationId: last };

  const settled = await applyOrReject(em, pushed, { id: deviceId, serverSecret });
  await em.query(
    `INSERT INTO sync_mutations (device_id, mutation_id, kind, payload_hash, payload, status, reason, result_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      deviceId,
      pushed.mutationId,
      pushed.kind,
      payloadHash,
      // A refused payload is kept as staff are shown it (small, always displayable); the others as sent.
      storableJson(settled.status === 'rejected' ? rejectionRecord(pushed.payload) : pushed.payload),
      settled.status,
      settled.reason ?? null,
      settled.id ?? null,
    ],
  );
  await em.query(`UPDATE devices SET last_mutation_id = $2, last_seen_at = now() WHERE id = $1`, [deviceId, pushed.mutationId]);
  return { settled, replay: false, lastMutationId: pushed.mutationId };
}

/**
 * Applies a device's batch in order (POST /api/sync). Ids at or below the device's
 * counter are answered with their first outcome (422 when the payload differs); an id past counter + 1 is a gap: when
 * nothing in the batch has been settled yet the whole push is refused with 409, otherwise the batch
 * stops there and the reply lists what was settled, so the device keeps the rest and resends.
 */
export async function applySyncBatch(dataSource: DataSource, deviceId: string, serverSecret: string, mutations: PushedMutation[]): Promise<SyncReply> {
  const results: SyncResult[] = [];
  let lastMutationId = 0;
  let settledNew = false;
  for (const mutation of mutations) {
    const outcome = await dataSource.transaction((em) => settleMutation(em, deviceId, serverSecret, mutation));
    lastMutationId = outcome.lastMutationId;
    if ('gap' in outcome) {
      if (!settledNew) {
        throw conflict(`Falta la operación ${outcome.lastMutationId + 1}: se recibió la ${mutation.mutationId} fuera de orden`, {
          code: 'sync_gap',
          lastMutationId: outcome.lastMutationId,
        });
      }
      break;
    }
    results.push(outcome.settled);
    settledNew ||= !outcome.replay;
  }
  return { results, lastMutationId };
}
