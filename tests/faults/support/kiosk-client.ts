import type { ApiErrorBody, Mutation, SyncReply } from '../../../contract';
import { queryServer } from './server-records';

/** Statuses after which a kiosk drops a mutation from its outbox. */
const SETTLED = new Set(['applied', 'duplicate', 'held', 'rejected']);

/** How one push ended, as the kiosk saw it. */
export type PushOutcome =
  | { kind: 'reply'; reply: SyncReply }
  | { kind: 'error'; status: number; body: ApiErrorBody | string }
  | { kind: 'network'; message: string; refused: boolean };

export interface KioskFigures {
  /** Distinct mutations sent at least once. */
  sent: number;
  /** Distinct mutations the server acknowledged (applied, duplicate or held). */
  acknowledged: number;
  rejected: number;
  pushes: number;
  /** Mutations sent again after a first send. */
  resends: number;
  /** Pushes that got no reply (connection refused or cut). */
  networkFailures: number;
  /** Of those, pushes cut after they reached the server (the connection closed or reset, not refused). */
  cutPushes: number;
  /** Mutations the server answered `duplicate`: it had applied them and the kiosk never heard. */
  duplicateReplies: number;
  /** Error replies by status and code, e.g. `503 database_unavailable`. */
  errorReplies: Record<string, number>;
  /** Acknowledged mutations sent again because the server no longer had them (it was restored). */
  refilled: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A fault-tolerant sync client that behaves like a kiosk: it keeps an outbox in mutation order,
 * pushes the oldest unacknowledged mutations in batches, drops what the server settled and sends
 * the rest again, whatever happened to the previous push (no reply, an error reply, a gap). Like
 * the player screen (web/offline/refill.ts) it keeps what the server acknowledged: when a gap
 * reply's counter is below the highest id the server once acknowledged (the server was restored),
 * the kept mutations past that counter go back to the outbox.
 */
export class KioskClient {
  readonly outbox: Mutation[] = [];
  private readonly sentIds = new Set<number>();
  private readonly ackedIds = new Set<number>();
  private readonly rejectedIds = new Map<number, string>();
  private pushes = 0;
  private resends = 0;
  private networkFailures = 0;
  private cutPushes = 0;
  private duplicateReplies = 0;
  /** What the server acknowledged, by id, and the highest of those ids. */
  private readonly kept = new Map<number, Mutation>();
  private highestAcknowledged = 0;
  private refilled = 0;
  private readonly errorReplies: Record<string, number> = {};
  /** The first error body seen for each `status code` key, to check its shape. */
  readonly errorSamples = new Map<string, ApiErrorBody | string>();

  private constructor(
    private readonly baseUrl: () => string,
    readonly deviceId: string,
    readonly secret: string,
    /** What the device (all its tabs) has not seen settled yet, by mutation id: as the tabs of a browser share one outbox. */
    private readonly unsettled = new Set<number>(),
  ) {}

  /**
   * Registers a device (POST /api/devices), retrying while the server cannot be reached, and makes
   * it a kiosk of the trivia set up by staff before the rounds the test plays (playOutbox places
   * them in the last six hours; fair play anchors a round to the device's last contact, so the
   * past is written into the server's database: its clock cannot be moved back).
   */
  static async register(baseUrl: () => string, kiosk: { databaseUrl: string; groupId: number }, deadlineMs = 60_000): Promise<KioskClient> {
    const client = await KioskClient.registerDevice(baseUrl, deadlineMs);
    await queryServer(
      kiosk.databaseUrl,
      `UPDATE devices SET created_at = now() - interval '7 hours', kiosk_name = 'Tableta de fallos', kiosk_question_group_id = $2, kiosk_setup_at = now() - interval '7 hours'
        WHERE id = $1`,
      [client.deviceId, kiosk.groupId],
    );
    await queryServer(kiosk.databaseUrl, `UPDATE question_groups SET created_at = least(created_at, now() - interval '8 hours') WHERE id = $1`, [kiosk.groupId]);
    return client;
  }

  /** Registers a plain device (a player's phone: no kiosk set-up), retrying while the server cannot be reached. */
  static async registerDevice(baseUrl: () => string, deadlineMs = 60_000): Promise<KioskClient> {
    const deadline = Date.now() + deadlineMs;
    for (;;) {
      try {
        const reply = await fetch(`${baseUrl()}/api/devices`, { method: 'POST', headers: { 'X-Requested-With': 'XMLHttpRequest' }, signal: AbortSignal.timeout(10_000) });
        if (reply.status === 201) {
          const { deviceId, secret } = (await reply.json()) as { deviceId: string; secret: string };
          return new KioskClient(baseUrl, deviceId, secret);
        }
      } catch {
        // no reply: try again
      }
      if (Date.now() > deadline) throw new Error('device registration never succeeded');
      await pause(100);
    }
  }

  /** Another "tab" of the same device: same id and secret, an outbox of its own. */
  twin(): KioskClient {
    return new KioskClient(this.baseUrl, this.deviceId, this.secret, this.unsettled);
  }

  enqueue(mutations: Mutation[]): void {
    for (const m of mutations) this.unsettled.add(m.mutationId);
    this.outbox.push(...mutations);
    this.outbox.sort((a, b) => a.mutationId - b.mutationId);
  }

  get pending(): number {
    return this.outbox.length;
  }

  isAcknowledged(mutationId: number): boolean {
    return this.ackedIds.has(mutationId);
  }

  /** Sends `batch` as is (any order, any ids) and settles whatever the reply settles. */
  async send(batch: Mutation[], options: { dropReply?: boolean } = {}): Promise<PushOutcome> {
    this.pushes++;
    for (const m of batch) {
      if (this.sentIds.has(m.mutationId)) this.resends++;
      else this.sentIds.add(m.mutationId);
    }
    let outcome: PushOutcome;
    try {
      const reply = await fetch(`${this.baseUrl()}/api/sync`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          'X-Device-Id': this.deviceId,
          'X-Device-Secret': this.secret,
        },
        // More of the outbox waits behind this batch: the same upload goes on (fair play's anchor).
        body: JSON.stringify({ mutations: batch, more: [...this.unsettled].some((id) => !batch.some((m) => m.mutationId === id)) }),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await reply.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: kept as text, which the error-shape checks report
      }
      outcome = reply.status === 200 ? { kind: 'reply', reply: body as SyncReply } : { kind: 'error', status: reply.status, body: body as ApiErrorBody | string };
    } catch (error) {
      const cause = (error as Error).cause as { code?: string } | undefined;
      outcome = { kind: 'network', message: String(cause ?? error), refused: cause?.code === 'ECONNREFUSED' };
    }
    // A lost reply: the server did its work, the kiosk never hears of it.
    if (options.dropReply) return outcome;
    if (outcome.kind === 'reply') this.settle(outcome.reply);
    else if (outcome.kind === 'network') {
      this.networkFailures++;
      if (!outcome.refused) this.cutPushes++;
    }
    else {
      const code = typeof outcome.body === 'object' && outcome.body ? outcome.body.code : 'not-json';
      const counter = typeof outcome.body === 'object' && outcome.body ? outcome.body.lastMutationId : undefined;
      if (outcome.status === 409 && code === 'sync_gap' && typeof counter === 'number') this.refillAbove(counter);
      const key = `${outcome.status} ${code}`;
      this.errorReplies[key] = (this.errorReplies[key] ?? 0) + 1;
      if (!this.errorSamples.has(key)) this.errorSamples.set(key, outcome.body);
    }
    return outcome;
  }

  private settle(reply: SyncReply): void {
    for (const result of reply.results) {
      if (!SETTLED.has(result.status)) continue;
      if (result.status === 'duplicate' && !this.ackedIds.has(result.mutationId)) this.duplicateReplies++;
      if (result.status === 'rejected') {
        this.rejectedIds.set(result.mutationId, result.reason ?? '');
        continue;
      }
      this.ackedIds.add(result.mutationId);
      const mutation = this.outbox.find((m) => m.mutationId === result.mutationId);
      if (mutation) this.kept.set(mutation.mutationId, mutation);
      this.highestAcknowledged = Math.max(this.highestAcknowledged, result.mutationId);
    }
    const settled = new Set(reply.results.filter((r) => SETTLED.has(r.status)).map((r) => r.mutationId));
    for (let i = this.outbox.length - 1; i >= 0; i--) if (settled.has(this.outbox[i]!.mutationId)) this.outbox.splice(i, 1);
    for (const id of settled) this.unsettled.delete(id);
  }

  /** After a gap reply: what the server acknowledged past its `counter`, back in the outbox when it once acknowledged more (a restore). */
  private refillAbove(counter: number): void {
    if (this.highestAcknowledged <= counter) return;
    const lost = [...this.kept.values()].filter((m) => m.mutationId > counter);
    for (const m of lost) this.kept.delete(m.mutationId);
    this.highestAcknowledged = counter;
    this.refilled += lost.length;
    this.enqueue(lost);
  }

  /**
   * With nothing to send, tells the server it is there (POST /api/devices/me/heartbeat), as the
   * player screen does; the reply's counter below what the server once acknowledged refills the
   * outbox. Returns how many mutations went back to it.
   */
  async heartbeat(): Promise<number> {
    const before = this.refilled;
    const reply = await fetch(`${this.baseUrl()}/api/devices/me/heartbeat`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-Device-Id': this.deviceId, 'X-Device-Secret': this.secret },
      body: JSON.stringify({ acknowledged: this.highestAcknowledged }),
      signal: AbortSignal.timeout(15_000),
    });
    if (!reply.ok) throw new Error(`heartbeat: ${reply.status} ${await reply.text()}`);
    this.refillAbove(((await reply.json()) as { lastMutationId: number }).lastMutationId);
    return this.refilled - before;
  }

  /** One push of the oldest `batchSize` pending mutations (of those up to id `upTo`, when given: the rest stay for later pushes of the same upload). */
  pushOnce(batchSize: number, upTo = Infinity): Promise<PushOutcome> {
    return this.send(this.outbox.filter((m) => m.mutationId <= upTo).slice(0, batchSize));
  }

  /**
   * Pushes until the outbox is empty, waiting `retryMs` after a push that settled nothing (no
   * reply, an error reply), as a kiosk backs off; throws if the deadline passes first.
   */
  async drain(options: { batchSize: number; retryMs?: number; pauseMs?: number; deadlineMs?: number }): Promise<void> {
    const deadline = Date.now() + (options.deadlineMs ?? 120_000);
    let outcome: PushOutcome | undefined;
    while (this.outbox.length) {
      if (Date.now() > deadline) {
        throw new Error(`device ${this.deviceId}: ${this.outbox.length} mutations still pending at the deadline; last push: ${JSON.stringify(outcome)}`);
      }
      outcome = await this.pushOnce(options.batchSize);
      if (outcome.kind === 'reply' && outcome.reply.results.length) {
        if (options.pauseMs) await pause(options.pauseMs);
      } else {
        await pause(options.retryMs ?? 100);
      }
    }
  }

  figures(): KioskFigures {
    return {
      sent: this.sentIds.size,
      acknowledged: this.ackedIds.size,
      rejected: this.rejectedIds.size,
      pushes: this.pushes,
      resends: this.resends,
      networkFailures: this.networkFailures,
      cutPushes: this.cutPushes,
      duplicateReplies: this.duplicateReplies,
      errorReplies: { ...this.errorReplies },
      refilled: this.refilled,
    };
  }

  /** Ids sent at least once and ids acknowledged, to sum up several tabs of one device. */
  ids(): { sent: Set<number>; acknowledged: Set<number> } {
    return { sent: new Set(this.sentIds), acknowledged: new Set(this.ackedIds) };
  }

  rejections(): Map<number, string> {
    return new Map(this.rejectedIds);
  }
}

/** Sums the figures of several kiosks. */
export function sumFigures(all: KioskFigures[]): KioskFigures {
  const errorReplies: Record<string, number> = {};
  for (const f of all) for (const [k, v] of Object.entries(f.errorReplies)) errorReplies[k] = (errorReplies[k] ?? 0) + v;
  return {
    sent: all.reduce((s, f) => s + f.sent, 0),
    acknowledged: all.reduce((s, f) => s + f.acknowledged, 0),
    rejected: all.reduce((s, f) => s + f.rejected, 0),
    pushes: all.reduce((s, f) => s + f.pushes, 0),
    resends: all.reduce((s, f) => s + f.resends, 0),
    networkFailures: all.reduce((s, f) => s + f.networkFailures, 0),
    cutPushes: all.reduce((s, f) => s + f.cutPushes, 0),
    duplicateReplies: all.reduce((s, f) => s + f.duplicateReplies, 0),
    errorReplies,
    refilled: all.reduce((s, f) => s + f.refilled, 0),
  };
}
