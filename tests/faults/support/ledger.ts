import pg from 'pg';
import type { PlayedOutbox } from './plays';

/** One device's planned outbox, as the server must end up holding it. */
export interface DeviceLedger {
  deviceId: string;
  outbox: PlayedOutbox;
}

/** What the server holds against what the devices meant to send. */
export interface ServerAudit {
  planned: number;
  /** Mutations whose effect the server holds exactly as sent (its sync row and its record). */
  stored: number;
  /** Records beyond one per mutation: a second player for a document, a second attempt, a second sync row. */
  duplicated: number;
  /** Planned mutations the server does not hold. */
  lost: number;
  /** Human-readable differences, empty when the server holds exactly the plan. */
  problems: string[];
}

/** jsonb reorders object keys: answers are compared as (question, answer) pairs. */
const sameAnswers = (stored: unknown, sent: { questionId: number; answerId: number }[]) =>
  JSON.stringify((stored as typeof sent | null)?.map((a) => [a.questionId, a.answerId])) === JSON.stringify(sent.map((a) => [a.questionId, a.answerId]));

interface SyncRow {
  device_id: string;
  mutation_id: number;
  kind: string;
  status: string;
}

/**
 * Reads the server's records straight from PostgreSQL and compares them with the plan: one sync
 * row per mutation (settled applied), one player per document, one attempt per clientId on the
 * right device, each completion scored as its answers say, each device's counter at its last id,
 * and the order per device (record ids rise with mutation ids).
 */
export async function auditServer(databaseUrl: string, ledgers: DeviceLedger[]): Promise<ServerAudit> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const problems: string[] = [];
  let planned = 0;
  let stored = 0;
  let duplicated = 0;
  try {
    for (const { deviceId, outbox } of ledgers) {
      planned += outbox.mutations.length;
      const rows: (SyncRow & { result_id: number | null })[] = (
        await client.query(`SELECT device_id, mutation_id, kind, status, result_id FROM sync_mutations WHERE device_id = $1 ORDER BY mutation_id`, [deviceId])
      ).rows;
      const byId = new Map(rows.map((r) => [r.mutation_id, r]));
      duplicated += rows.length - byId.size;
      const [device] = (await client.query(`SELECT last_mutation_id FROM devices WHERE id = $1`, [deviceId])).rows;
      const maxId = Math.max(...outbox.mutations.map((m) => m.mutationId));
      if (device?.last_mutation_id !== maxId) problems.push(`device ${deviceId}: last_mutation_id ${device?.last_mutation_id} instead of ${maxId}`);
      for (const extra of rows.filter((r) => !outbox.mutations.some((m) => m.mutationId === r.mutation_id))) {
        problems.push(`device ${deviceId}: a sync row for mutation ${extra.mutation_id} nobody sent`);
        duplicated++;
      }

      const players = new Map<string, { id: number; full_name: string }[]>();
      for (const row of (
        await client.query(`SELECT id, full_name, document_type_id, document_number FROM players WHERE (document_type_id, document_number) IN (SELECT * FROM unnest($1::int[], $2::text[]))`, [
          outbox.players.map((p) => p.documentTypeId),
          outbox.players.map((p) => p.documentNumber.toUpperCase()),
        ])
      ).rows) {
        const key = `${row.document_type_id}:${row.document_number}`;
        players.set(key, [...(players.get(key) ?? []), row]);
      }
      const attempts = new Map<string, { id: number; player_id: number; device_id: string; completed_at: Date | null; score: number; correct_answers: number; completion_time: number | null; answers: unknown }[]>();
      for (const row of (await client.query(`SELECT * FROM player_attempts WHERE device_id = $1 OR client_id = ANY($2::uuid[])`, [deviceId, outbox.attempts.map((a) => a.clientId)])).rows) {
        attempts.set(row.client_id, [...(attempts.get(row.client_id) ?? []), row]);
      }
      duplicated += [...players.values()].reduce((s, list) => s + list.length - 1, 0);
      duplicated += [...attempts.values()].reduce((s, list) => s + list.length - 1, 0);
      for (const clientId of attempts.keys()) {
        if (!outbox.attempts.some((a) => a.clientId === clientId)) {
          problems.push(`device ${deviceId}: an attempt ${clientId} nobody sent`);
          duplicated++;
        }
      }

      let previousResult = 0;
      for (const mutation of outbox.mutations) {
        const row = byId.get(mutation.mutationId);
        const where = `device ${deviceId.slice(0, 8)} mutation ${mutation.mutationId} (${mutation.kind})`;
        if (!row) {
          problems.push(`${where}: not on the server`);
          continue;
        }
        if (row.status !== 'applied' || row.kind !== mutation.kind) {
          problems.push(`${where}: stored as ${row.kind} ${row.status}`);
          continue;
        }
        let holds = false;
        if (mutation.kind === 'player') {
          const found = players.get(`${mutation.payload.documentTypeId}:${mutation.payload.documentNumber.toUpperCase()}`) ?? [];
          holds = found.length === 1 && found[0]!.id === row.result_id && found[0]!.full_name === mutation.payload.fullName;
        } else if (mutation.kind === 'attempt') {
          const found = attempts.get(mutation.payload.clientId) ?? [];
          const sentPlayer = outbox.players.find((p) => p.clientId === mutation.payload.playerClientId);
          const player = sentPlayer && players.get(`${sentPlayer.documentTypeId}:${sentPlayer.documentNumber.toUpperCase()}`)?.[0];
          holds = found.length === 1 && found[0]!.id === row.result_id && found[0]!.device_id === deviceId && found[0]!.player_id === player?.id;
          // Applied in order: each new attempt of the device gets a higher id than the one before.
          if (holds && row.result_id! <= previousResult) problems.push(`${where}: applied out of order`);
          if (holds) previousResult = row.result_id!;
        } else {
          const expected = outbox.completions.find((c) => c.attemptClientId === mutation.payload.attemptClientId)!;
          const found = attempts.get(mutation.payload.attemptClientId) ?? [];
          const attempt = found[0];
          holds =
            found.length === 1 &&
            attempt!.completed_at !== null &&
            attempt!.score === expected.score &&
            attempt!.correct_answers === expected.correctAnswers &&
            attempt!.completion_time === expected.completionTime &&
            sameAnswers(attempt!.answers, expected.answers);
        }
        if (holds) stored++;
        else problems.push(`${where}: its record is missing or differs from what was sent`);
      }
    }
  } finally {
    await client.end();
  }
  return { planned, stored, duplicated, lost: planned - stored, problems };
}
