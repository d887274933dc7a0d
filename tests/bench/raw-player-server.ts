import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import pg from 'pg';

/**
 * The player hot path (validate, register, start with the round dealt, a verdict per answer, complete) on nothing but node:http and pg: the
 * yardstick for the real app. It runs the same SQL statements in the same transactions as the
 * app's services (including the per-address rate-limit counter), so the difference between the two
 * is what Koa, TypeORM, zod and the middleware cost.
 */
export function startRawPlayerServer(databaseUrl: string, poolSize: number): Server {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

  async function spend(address: string) {
    const now = Date.now();
    const { rows } = await pool.query(
      `INSERT INTO rate_limits VALUES ($1, 1, $2) ON CONFLICT (key) DO UPDATE SET
         points = CASE WHEN rate_limits.expire <= $3 THEN 1 ELSE rate_limits.points + 1 END,
         expire = CASE WHEN rate_limits.expire <= $3 THEN $2 ELSE rate_limits.expire END
       RETURNING points`,
      [`player:${address}`, now + 60_000, now],
    );
    return rows[0].points as number;
  }

  async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }

  const PLAYER = 'id, full_name, first_name, last_name, document_type_id, document_number, location_id';

  async function handle(method: string, url: string, body: Record<string, any>): Promise<[number, unknown]> {
    if (method === 'POST' && url === '/api/players/validate') {
      if (typeof body.documentNumber !== 'string' || body.documentNumber.length < 5) return [400, { error: 'documento' }];
      const { rows } = await pool.query(`SELECT ${PLAYER} FROM players WHERE document_type_id = $1 AND document_number = $2`, [
        body.documentTypeId,
        body.documentNumber,
      ]);
      return [200, { player: rows[0] ?? null }];
    }
    if (method === 'POST' && url === '/api/players') {
      if (typeof body.documentNumber !== 'string' || typeof body.fullName !== 'string') return [400, { error: 'datos' }];
      const player = await inTransaction(async (client) => {
        const [found] = (
          await client.query(
            `SELECT EXISTS (SELECT 1 FROM document_types WHERE id = $1) AS type, EXISTS (SELECT 1 FROM locations WHERE id = $2) AS location`,
            [body.documentTypeId, body.locationId],
          )
        ).rows;
        if (!found.type || !found.location) return undefined;
        const [first = '', ...rest] = body.fullName.trim().split(/\s+/);
        return (
          await client.query(
            `INSERT INTO players (full_name, first_name, last_name, document_type_id, document_number, location_id)
             VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT (document_type_id, document_number) DO UPDATE
               SET full_name = EXCLUDED.full_name, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name, location_id = EXCLUDED.location_id
             RETURNING ${PLAYER}`,
            [body.fullName, first, rest.join(' '), body.documentTypeId, body.documentNumber, body.locationId],
          )
        ).rows[0];
      });
      return player ? [200, player] : [400, { error: 'referencias' }];
    }
    if (method === 'POST' && url === '/api/player-attempts') {
      const token = randomBytes(32).toString('base64url');
      const attempt = await inTransaction(async (client) => {
        // The same proof the app asks for: the id and the player's document.
        const [player] = (
          await client.query(`SELECT ${PLAYER} FROM players WHERE id = $1 AND document_type_id = $2 AND document_number = $3`, [
            body.playerId,
            body.documentTypeId,
            body.documentNumber,
          ])
        ).rows;
        const [group] = (
          await client.query(
            `SELECT g.max_attempts, g.questions_per_round,
                    (SELECT array_agg(q.id ORDER BY q.id) FROM questions q WHERE q.group_id = g.id AND EXISTS (SELECT 1 FROM answers a WHERE a.question_id = q.id)) AS playable
               FROM question_groups g WHERE g.id = $1`,
            [body.questionGroupId],
          )
        ).rows;
        if (!player || !group) return undefined;
        // The round dealt and recorded: the playable questions, shuffled, cut to the round size.
        const round = [...(group.playable ?? [])].sort(() => Math.random() - 0.5).slice(0, Math.max(1, group.questions_per_round));
        const roundSize = round.length;
        if (body.totalQuestions !== undefined && body.totalQuestions !== roundSize) return undefined;
        await client.query(`SELECT 1 FROM players WHERE id = $1 FOR UPDATE`, [player.id]);
        return (
          await client.query(
            `INSERT INTO player_attempts (player_id, question_group_id, location_id, total_questions, started_at, client_id, token_hash, review_status, review_reason, device_id,
                                          question_ids, dealt_by_server, window_start)
             VALUES ($1, $2, $3, $4, $5, NULL, $6, 'clean', NULL, NULL, $7, true, $5) RETURNING *`,
            [player.id, body.questionGroupId, player.location_id, roundSize, new Date(), sha256(token), round],
          )
        ).rows[0];
      });
      return attempt ? [200, { ...attempt, token_hash: undefined, token, round: { questionIds: attempt.question_ids } }] : [404, { error: 'no encontrado' }];
    }
    const verdict = method === 'POST' && /^\/api\/player-attempts\/(\d+)\/answers$/.exec(url);
    if (verdict) {
      const judged = await inTransaction(async (client) => {
        const [attempt] = (await client.query(`SELECT * FROM player_attempts WHERE id = $1 FOR UPDATE`, [Number(verdict[1])])).rows;
        if (!attempt || attempt.token_hash !== sha256(String(body.token)) || attempt.completed_at || !attempt.question_ids.includes(body.questionId)) return undefined;
        const { rows } = await client.query(`SELECT id, is_correct FROM answers WHERE question_id = $1`, [body.questionId]);
        if (!rows.some((r) => r.id === body.answerId)) return undefined;
        const given = attempt.answers ?? [];
        if (!given.some((a: { questionId: number }) => a.questionId === body.questionId)) {
          await client.query(`UPDATE player_attempts SET answers = $2 WHERE id = $1`, [attempt.id, JSON.stringify([...given, { questionId: body.questionId, answerId: body.answerId }])]);
        }
        const correct = rows.find((r) => r.is_correct);
        return { questionId: body.questionId, answerId: body.answerId, correct: correct?.id === body.answerId, correctAnswerId: correct?.id ?? null };
      });
      return judged ? [200, judged] : [400, { error: 'respuesta' }];
    }
    const completion = method === 'PATCH' && /^\/api\/player-attempts\/(\d+)$/.exec(url);
    if (completion) {
      const result = await inTransaction(async (client) => {
        const [attempt] = (await client.query(`SELECT * FROM player_attempts WHERE id = $1 FOR UPDATE`, [Number(completion[1])])).rows;
        if (!attempt || attempt.token_hash !== sha256(String(body.token))) return undefined;
        const answers: { questionId: number; answerId: number }[] = body.answers;
        if (answers.length !== attempt.total_questions || new Set(answers.map((a) => a.questionId)).size !== answers.length) return undefined;
        const { rows } = await client.query(
          `SELECT a.id, a.question_id, a.is_correct, q.group_id FROM answers a JOIN questions q ON q.id = a.question_id WHERE a.id = ANY($1::int[])`,
          [answers.map((a) => a.answerId)],
        );
        const byId = new Map(rows.map((r) => [r.id, r]));
        let correct = 0;
        for (const chosen of answers) {
          const row = byId.get(chosen.answerId);
          if (!row || row.group_id !== attempt.question_group_id || row.question_id !== chosen.questionId) return undefined;
          if (row.is_correct) correct++;
        }
        const score = Math.round((100 * correct) / attempt.total_questions);
        // The server's clock times the round; one faster than 2 s per answer is held for review.
        const completedAt = new Date();
        const seconds = Math.round((completedAt.getTime() - attempt.started_at.getTime()) / 1000);
        const held = seconds < 2 * attempt.total_questions - 1;
        return (
          await client.query(
            `UPDATE player_attempts SET score = $2, correct_answers = $3, completion_time = $4, completed_at = $5, answers = $6,
                    review_status = CASE WHEN $7 THEN 'held' ELSE review_status END,
                    review_reason = CASE WHEN $7 THEN 'implausible_time' ELSE review_reason END
              WHERE id = $1 RETURNING *`,
            [attempt.id, score, correct, seconds, completedAt, JSON.stringify(answers), held],
          )
        ).rows[0];
      });
      return result ? [200, { ...result, token_hash: undefined }] : [403, { error: 'token' }];
    }
    return [404, { error: 'No encontrado' }];
  }

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => resolve(text));
      req.on('error', reject);
    });

  const server = createServer(async (req, res) => {
    let status = 500;
    let reply: unknown = { error: 'Error interno del servidor' };
    try {
      await spend(req.socket.remoteAddress ?? '');
      [status, reply] = await handle(req.method ?? 'GET', req.url ?? '/', JSON.parse((await readBody(req)) || '{}'));
    } catch {
      /* answered as 500 below */
    }
    const text = JSON.stringify(reply);
    res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
    res.end(text);
  });
  server.on('close', () => void pool.end());
  return server;
}
