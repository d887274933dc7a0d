import pg from 'pg';
import type { Mutation } from '../../contract';
import type { ExpectedCompletion } from '../faults/support/plays';

/** What one simulated device sent and which of its mutations the server acknowledged. */
export interface CrowdDevice {
  deviceId: string;
  sent: Mutation[];
  completions: ExpectedCompletion[];
  /** Mutation ids answered `applied` or `duplicate`, with the record id the server gave. */
  acknowledged: Map<number, number | undefined>;
}

export interface CrowdAudit {
  sent: number;
  acknowledged: number;
  /** Acknowledged mutations whose record the server holds exactly as sent. */
  stored: number;
  /** Records beyond one per mutation: a second player for a document, a second attempt, a second sync row. */
  duplicated: number;
  /** Sent mutations the server does not hold (never acknowledged, or acknowledged and missing). */
  lost: number;
  /** The first differences found, empty when the server holds exactly what was acknowledged. */
  problems: string[];
}

interface SyncRow {
  device_id: string;
  mutation_id: number;
  kind: string;
  status: string;
  result_id: number | null;
}

interface AuditedAttemptRow {
  id: number;
  client_id: string;
  device_id: string | null;
  player_id: number;
  completed_at: Date | null;
  score: number;
  correct_answers: number | null;
  completion_time: number | null;
}

const MAX_PROBLEMS = 20;

/**
 * Reads the server's records back from PostgreSQL in a few set-wide statements and compares them
 * with what the crowd sent and was told: one applied sync row per acknowledged mutation, one player
 * per document with the acknowledged id, one attempt per clientId on its device for its player,
 * each completion scored as its answers say, each device's counter at its last mutation, and a
 * device's attempts stored in the order it sent them.
 */
export async function auditCrowd(databaseUrl: string, devices: CrowdDevice[]): Promise<CrowdAudit> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const problems: string[] = [];
  const problem = (text: string) => problems.length < MAX_PROBLEMS && problems.push(text);
  try {
    const deviceIds = devices.map((d) => d.deviceId);
    const syncRows: SyncRow[] = (
      await client.query(`SELECT device_id, mutation_id, kind, status, result_id FROM sync_mutations WHERE device_id = ANY($1::uuid[])`, [deviceIds])
    ).rows;
    const counters = new Map<string, number>(
      (await client.query(`SELECT id, last_mutation_id FROM devices WHERE id = ANY($1::uuid[])`, [deviceIds])).rows.map((r) => [r.id, r.last_mutation_id]),
    );
    const players = devices.flatMap((d) => d.sent.flatMap((m) => (m.kind === 'player' ? [m.payload] : [])));
    const playerRows: { id: number; document_type_id: number; document_number: string; full_name: string }[] = (
      await client.query(
        `SELECT p.id, p.document_type_id, p.document_number, p.full_name
           FROM players p JOIN unnest($1::int[], $2::text[]) AS d(type_id, number) ON p.document_type_id = d.type_id AND p.document_number = d.number`,
        [players.map((p) => p.documentTypeId), players.map((p) => p.documentNumber.toUpperCase())],
      )
    ).rows;
    const attemptIds = devices.flatMap((d) => d.sent.flatMap((m) => (m.kind === 'attempt' ? [m.payload.clientId] : [])));
    const attemptRows: AuditedAttemptRow[] = (
      await client.query(
        `SELECT id, client_id, device_id, player_id, completed_at, score, correct_answers, completion_time
           FROM player_attempts WHERE client_id = ANY($1::uuid[]) OR device_id = ANY($2::uuid[])`,
        [attemptIds, deviceIds],
      )
    ).rows;

    const group = <T>(rows: T[], key: (row: T) => string) => {
      const map = new Map<string, T[]>();
      for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
      return map;
    };
    const syncByKey = group(syncRows, (r) => `${r.device_id}/${r.mutation_id}`);
    const playersByDocument = group(playerRows, (r) => `${r.document_type_id}:${r.document_number}`);
    const attemptsByClientId = group(attemptRows, (r) => r.client_id);
    let duplicated = 0;
    for (const list of [...syncByKey.values(), ...playersByDocument.values(), ...attemptsByClientId.values()]) duplicated += list.length - 1;
    const sentAttempts = new Set(attemptIds);
    for (const row of attemptRows) {
      if (!sentAttempts.has(row.client_id)) {
        duplicated++;
        problem(`attempt ${row.client_id} on device ${row.device_id}: nobody sent it`);
      }
    }

    let sent = 0;
    let acknowledged = 0;
    let stored = 0;
    for (const device of devices) {
      sent += device.sent.length;
      acknowledged += device.acknowledged.size;
      const lastSent = device.sent.at(-1)?.mutationId ?? 0;
      if (counters.get(device.deviceId) !== lastSent) problem(`device ${device.deviceId}: counter ${counters.get(device.deviceId)} instead of ${lastSent}`);
      const playerOf = new Map(device.sent.flatMap((m) => (m.kind === 'player' ? [[m.payload.clientId, m.payload] as const] : [])));
      const expected = new Map(device.completions.map((c) => [c.attemptClientId, c]));
      let previousAttempt = 0;
      for (const mutation of device.sent) {
        const where = `device ${device.deviceId.slice(0, 8)} mutation ${mutation.mutationId} (${mutation.kind})`;
        if (!device.acknowledged.has(mutation.mutationId)) {
          problem(`${where}: never acknowledged`);
          continue;
        }
        const ackedId = device.acknowledged.get(mutation.mutationId);
        const row = syncByKey.get(`${device.deviceId}/${mutation.mutationId}`)?.[0];
        if (!row || row.status !== 'applied' || row.kind !== mutation.kind) {
          problem(`${where}: sync row ${row ? `${row.kind} ${row.status}` : 'missing'}`);
          continue;
        }
        let holds = false;
        if (mutation.kind === 'player') {
          const found = playersByDocument.get(`${mutation.payload.documentTypeId}:${mutation.payload.documentNumber.toUpperCase()}`) ?? [];
          holds = found.length === 1 && found[0]!.id === row.result_id && found[0]!.id === ackedId && found[0]!.full_name === mutation.payload.fullName;
        } else if (mutation.kind === 'attempt') {
          const found = attemptsByClientId.get(mutation.payload.clientId) ?? [];
          const sentPlayer = playerOf.get(mutation.payload.playerClientId ?? '');
          const player = sentPlayer && playersByDocument.get(`${sentPlayer.documentTypeId}:${sentPlayer.documentNumber.toUpperCase()}`)?.[0];
          holds = found.length === 1 && found[0]!.id === row.result_id && found[0]!.id === ackedId && found[0]!.device_id === device.deviceId && found[0]!.player_id === player?.id;
          if (holds && found[0]!.id <= previousAttempt) problem(`${where}: stored out of order`);
          if (holds) previousAttempt = found[0]!.id;
        } else {
          const want = expected.get(mutation.payload.attemptClientId);
          const found = attemptsByClientId.get(mutation.payload.attemptClientId) ?? [];
          const attempt = found[0];
          holds =
            want !== undefined &&
            found.length === 1 &&
            attempt!.completed_at !== null &&
            attempt!.score === want.score &&
            attempt!.correct_answers === want.correctAnswers &&
            attempt!.completion_time === want.completionTime;
        }
        if (holds) stored++;
        else problem(`${where}: its record is missing or differs from what was sent`);
      }
    }
    return { sent, acknowledged, stored, duplicated, lost: sent - stored, problems };
  } finally {
    await client.end();
  }
}
