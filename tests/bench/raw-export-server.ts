/**
 * The exports' yardstick: raw `pg` + `node:http` streaming the same rows as the app's two CSV
 * exports, written by hand, with backpressure (a page is read only when the socket has drained).
 *   GET /trivia/:id   the trivia's completed attempts with names, keyset pages of 1,000 by id;
 *   GET /campaign     the seeded campaign's whole ranking (the hand-written SQL), through a cursor
 *                     planned for all its rows, 1,000 rows a fetch.
 * Usage: node --import tsx tests/bench/raw-export-server.ts (BENCH_DATABASE_URL, BENCH_DATA as JSON)
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { handWrittenCampaignRanking } from './hand-written';
import type { BenchData } from './seed';

const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 4 });
const data = JSON.parse(process.env.BENCH_DATA!) as BenchData;
const PAGE = 1000;

const cell = (value: unknown) => {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
const line = (row: Record<string, unknown>) => `${Object.values(row).map(cell).join(',')}\r\n`;

/** Writes a chunk and waits for the socket to drain when its buffer is full. */
const write = (res: ServerResponse, chunk: string) => (res.write(chunk) ? Promise.resolve() : new Promise((resolve) => res.once('drain', resolve)));

async function triviaRows(res: ServerResponse, triviaId: number) {
  let afterId = 0;
  for (;;) {
    const { rows } = await pool.query(
      `SELECT pa.id, p.full_name, dt.code, p.document_number, l.name, pa.score, pa.correct_answers, pa.total_questions, pa.completion_time,
              pa.started_at, pa.completed_at, pa.review_status, pa.review_reason
         FROM player_attempts pa JOIN players p ON p.id = pa.player_id JOIN document_types dt ON dt.id = p.document_type_id
         LEFT JOIN locations l ON l.id = pa.location_id
        WHERE pa.question_group_id = $1 AND pa.completed_at IS NOT NULL AND pa.id > $2
        ORDER BY pa.id LIMIT ${PAGE}`,
      [triviaId, afterId],
    );
    await write(res, rows.map(line).join(''));
    if (rows.length < PAGE) return;
    afterId = rows[rows.length - 1].id;
  }
}

async function campaignRows(res: ServerResponse) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN READ ONLY');
    await client.query('SET LOCAL cursor_tuple_fraction = 1');
    await client.query(`DECLARE ranking NO SCROLL CURSOR FOR ${handWrittenCampaignRanking(data).replace('LIMIT 500', '')}`);
    for (;;) {
      const { rows } = await client.query(`FETCH ${PAGE} FROM ranking`);
      await write(res, rows.map(line).join(''));
      if (rows.length < PAGE) break;
    }
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

const server = createServer((req, res) => {
  const trivia = /^\/trivia\/(\d+)$/.exec(req.url ?? '');
  if (!trivia && req.url !== '/campaign') {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, { 'Content-Type': 'text/csv; charset=utf-8' });
  (trivia ? triviaRows(res, Number(trivia[1])) : campaignRows(res)).then(
    () => res.end(),
    (error) => res.destroy(error),
  );
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${(server.address() as AddressInfo).port}`));
process.on('SIGTERM', () => server.close(() => void pool.end().then(() => process.exit(0))));
