import type { DataSource, EntityManager } from 'typeorm';
import type { Mutation, SyncReply, SyncResult } from '../../contract';
import { sha256 } from '../attempts/token';
import { conflict, toAppError, unprocessable } from '../errors';
import { applyMutation } from './apply-mutation';
import { canonicalJson } from './canonical-json';

type Outcome = { settled: SyncResult; lastMutationId: number } | { gap: true; lastMutationId: number };

/**
 * One mutation in one transaction: the device row is locked (so the same batch pushed five times
 * at once is applied once), the mutation is applied or rejected, its row is kept in
 * sync_mutations and the device's counter moves, all committed together.
 */
async function settleMutation(em: EntityManager, deviceId: string, serverSecret: string, mutation: Mutation): Promise<Outcome> {
  const [device] = await em.query(`SELECT last_mutation_id FROM devices WHERE id = $1 FOR UPDATE`, [deviceId]);
  const last: number = device.last_mutation_id;
  const payloadHash = sha256(canonicalJson({ kind: mutation.kind, payload: mutation.payload }));

  if (mutation.mutationId <= last) {
    const [seen] = await em.query(`SELECT payload_hash, result_id FROM sync_mutations WHERE device_id = $1 AND mutation_id = $2`, [
      deviceId,
      mutation.mutationId,
    ]);
    if (seen && seen.payload_hash !== payloadHash) {
      throw unprocessable(`La operación ${mutation.mutationId} ya se recibió con otro contenido`);
    }
    const settled: SyncResult = { mutationId: mutation.mutationId, status: 'duplicate' };
    if (seen?.result_id != null) settled.id = seen.result_id;
    return { settled, lastMutationId: last };
  }
  if (mutation.mutationId > last + 1) return { gap: true, lastMutationId: last };

  let settled: SyncResult;
  await em.query('SAVEPOINT mutation');
  try {
    const id = await applyMutation(em, mutation, { id: deviceId, serverSecret });
    settled = { mutationId: mutation.mutationId, status: 'applied', id };
  } catch (error) {
    const refusal = toAppError(error);
    if (!refusal || refusal.status >= 500) throw error;
    await em.query('ROLLBACK TO SAVEPOINT mutation');
    settled = { mutationId: mutation.mutationId, status: 'rejected', reason: refusal.message };
  }
  await em.query(
    `INSERT INTO sync_mutations (device_id, mutation_id, kind, payload_hash, payload, status, reason, result_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [deviceId, mutation.mutationId, mutation.kind, payloadHash, JSON.stringify(mutation.payload), settled.status, settled.reason ?? null, settled.id ?? null],
  );
  await em.query(`UPDATE devices SET last_mutation_id = $2, last_seen_at = now() WHERE id = $1`, [deviceId, mutation.mutationId]);
  return { settled, lastMutationId: mutation.mutationId };
}

/**
 * Applies a device's batch in order (api-contract.md, POST /api/sync). Ids at or below the device's
 * counter are duplicates (422 when the payload differs); an id past counter + 1 is a gap: when
 * nothing in the batch has been settled yet the whole push is refused with 409, otherwise the batch
 * stops there and the reply lists what was settled, so the device keeps the rest and resends.
 */
export async function applySyncBatch(dataSource: DataSource, deviceId: string, serverSecret: string, mutations: Mutation[]): Promise<SyncReply> {
  const results: SyncResult[] = [];
  let lastMutationId = 0;
  for (const mutation of mutations) {
    const outcome = await dataSource.transaction((em) => settleMutation(em, deviceId, serverSecret, mutation));
    lastMutationId = outcome.lastMutationId;
    if ('gap' in outcome) {
      if (!results.some((r) => r.status !== 'duplicate')) {
        throw conflict(`Falta la operación ${outcome.lastMutationId + 1}: se recibió la ${mutation.mutationId} fuera de orden`);
      }
      break;
    }
    results.push(outcome.settled);
  }
  return { results, lastMutationId };
}
