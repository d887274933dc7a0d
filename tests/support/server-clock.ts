import type { DataSource } from 'typeorm';

/**
 * `seconds` pass on the server's clock for a round it dealt (named by its clientId): its deal, its
 * window and the verdicts it gave move back. The server's own clock cannot be moved, so the past is
 * written into the round's row.
 */
export async function passOnServerClock(ds: DataSource, clientId: string, seconds: number): Promise<void> {
  const [row]: { answers: { judgedAt?: string }[] | null }[] = await ds.query(`SELECT answers FROM player_attempts WHERE client_id = $1`, [clientId]);
  const answers = (row?.answers ?? []).map((a) => (a.judgedAt ? { ...a, judgedAt: new Date(Date.parse(a.judgedAt) - seconds * 1000).toISOString() } : a));
  await ds.query(
    `UPDATE player_attempts SET started_at = started_at - make_interval(secs => $2), window_start = window_start - make_interval(secs => $2), answers = $3 WHERE client_id = $1`,
    [clientId, seconds, answers.length ? JSON.stringify(answers) : null],
  );
}
