// Must come first: Dexie looks for IndexedDB when it is imported.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushOutbox } from '../../web/offline/flusher';
import { readKioskConfig } from '../../web/offline/kiosk-config';
import { pinMatches, readPinHash, setPin } from '../../web/offline/kiosk-pin';
import { readKioskMode, writeKioskMode } from '../../web/offline/kiosk-setting';
import { queueCompletion, queueRegistration, queueRoundStart } from '../../web/offline/outbox';
import { planRound } from '../../web/offline/round';
import { fetchServerReceipt, openStaffSession, readDeviceRecords, receiptLine, supportReport } from '../../web/offline/staff-tools';
import { buildBundle, freshDb, json, percentTally, scriptedFetch } from './offline-fixtures';

afterEach(() => vi.unstubAllGlobals());

const DOCUMENT = '1234567890';

/** Two players, three attempts of which two are completed: 7 writes queued. */
async function kioskWithRounds() {
  const db = freshDb();
  const ana = await queueRegistration(db, { fullName: 'Ana', documentTypeId: 1, documentNumber: DOCUMENT, locationId: 5, hash: 'h1' });
  const luis = await queueRegistration(db, { fullName: 'Luis', documentTypeId: 1, documentNumber: '99887766', locationId: 5, hash: 'h2' });
  await queueCompletion(db, await queueRoundStart(db, ana, planRound(buildBundle())), percentTally(3, 4), 'percent');
  await db.inProgress.clear();
  await queueCompletion(db, await queueRoundStart(db, luis, planRound(buildBundle())), percentTally(5, 4), 'percent');
  await db.inProgress.clear();
  await queueRoundStart(db, luis, planRound(buildBundle()));
  return db;
}

const applyAll = (_url: string, init: RequestInit) => {
  const ids: number[] = JSON.parse(String(init.body)).mutations.map((m: { mutationId: number }) => m.mutationId);
  return json(200, { results: ids.map((mutationId) => ({ mutationId, status: 'applied', id: 100 + mutationId })), lastMutationId: ids.at(-1) });
};

describe('a receipt line', () => {
  it('places every write the device recorded: confirmed, in review, discarded, rejected or still queued, and says what it cannot place', () => {
    const server = {
      player: { confirmed: 4, inReview: 0, discarded: 0, rejected: 1 },
      attempt: { confirmed: 2, inReview: 1, discarded: 1, rejected: 0 },
      completion: { confirmed: 1, inReview: 1, discarded: 1, rejected: 0 },
    };
    const records = { recorded: { player: 6, attempt: 5, completion: 5 }, pending: { player: 1, attempt: 1, completion: 1 } };
    expect(receiptLine(records, server, 'player')).toEqual({ recorded: 6, confirmed: 4, inReview: 0, discarded: 0, rejected: 1, pending: 1, unaccounted: 0 });
    expect(receiptLine(records, server, 'attempt').unaccounted).toBe(0);
    // A result the server does not hold (it lost it, or the device registered anew) is not silently confirmed.
    expect(receiptLine(records, server, 'completion')).toMatchObject({ confirmed: 1, inReview: 1, unaccounted: 1 });
  });
});

describe('what the device recorded', () => {
  it('counts each kind it queued, and keeps counting them once the server acknowledged them and the outbox let them go', async () => {
    const db = await kioskWithRounds();
    const before = await readDeviceRecords(db);
    expect(before.recorded).toEqual({ player: 2, attempt: 3, completion: 2 });
    expect(before.pending).toEqual({ player: 2, attempt: 3, completion: 2 });

    vi.stubGlobal('fetch', scriptedFetch([() => json(201, { deviceId: 'dev-1', secret: 's3cret' }), applyAll]).fetchStub);
    expect(await flushOutbox(db)).toMatchObject({ status: 'flushed', settled: 7 });
    const after = await readDeviceRecords(db);
    expect(await db.outbox.count()).toBe(0);
    expect(after.recorded).toEqual({ player: 2, attempt: 3, completion: 2 });
    expect(after.pending).toEqual({ player: 0, attempt: 0, completion: 0 });
    expect(after.deviceId).toBe('dev-1');
  });

  it("reads the server's receipt with the device's credentials, and says so when the device never registered", async () => {
    const db = freshDb();
    expect(await fetchServerReceipt(db)).toEqual({ kind: 'unregistered' });
    await db.device.put({ key: 'device', deviceId: 'dev-1', secret: 's3cret', nextMutationId: 1 });
    const one = { confirmed: 1, inReview: 0, discarded: 0, rejected: 0 };
    const receipt = { deviceId: 'dev-1', counts: { player: one, attempt: one, completion: one }, inReview: [], lastMutationId: 3, lastSeenAt: null };
    const { fetchStub, calls } = scriptedFetch([() => json(200, receipt), () => json(503, { error: 'Base de datos no disponible', message: 'Base de datos no disponible', code: 'database_unavailable' })]);
    vi.stubGlobal('fetch', fetchStub);
    expect(await fetchServerReceipt(db)).toMatchObject({ kind: 'received', receipt });
    expect(calls[0]!.url).toBe('/api/devices/me/receipt');
    expect((calls[0]!.init.headers as Record<string, string>)['X-Device-Secret']).toBe('s3cret');
    expect(await fetchServerReceipt(db)).toEqual({ kind: 'failed', message: 'Base de datos no disponible' });
  });

  it('writes a support report with the refused writes and their reasons, the document masked and no secret', async () => {
    const db = await kioskWithRounds();
    vi.stubGlobal(
      'fetch',
      scriptedFetch([
        () => json(201, { deviceId: 'dev-1', secret: 's3cret' }),
        (_url, init) => {
          const ids: number[] = JSON.parse(String(init.body)).mutations.map((m: { mutationId: number }) => m.mutationId);
          return json(200, { results: ids.map((mutationId) => (mutationId === 1 ? { mutationId, status: 'rejected', reason: 'Sede no válida' } : { mutationId, status: 'applied', id: mutationId })), lastMutationId: ids.at(-1) });
        },
      ]).fetchStub,
    );
    await flushOutbox(db);
    const records = await readDeviceRecords(db);
    const report = supportReport({ records, receipt: { kind: 'unregistered' }, appVersion: '1.2.3', storage: null, now: new Date('2026-05-01T10:00:00Z') });
    expect(report).toMatchObject({ deviceId: 'dev-1', appVersion: '1.2.3', generatedAt: '2026-05-01T10:00:00.000Z', counts: { rejectedOnDevice: 1, recordedOnDevice: { player: 2 } } });
    expect(report.rejected).toEqual([expect.objectContaining({ mutationId: 1, kind: 'player', reason: 'Sede no válida', payload: expect.objectContaining({ documentNumber: '*******890' }) })]);
    const text = JSON.stringify(report);
    expect(text).not.toContain('s3cret');
    expect(text).not.toContain(DOCUMENT);
  });
});

describe('opening the staff panel', () => {
  it('asks for the PIN where one was set: a wrong one is refused and counted, the right one opens it', async () => {
    const db = freshDb();
    await setPin(db, '4821', { useSubtle: false });
    expect(await openStaffSession(undefined, db)).toEqual({ kind: 'pin-required' });
    expect(await openStaffSession('1111', db)).toEqual({ kind: 'wrong', triesLeft: 4 });
    expect(await openStaffSession('4821', db)).toMatchObject({ kind: 'opened', hasPin: true });
  });

  it('opens without a PIN on a device where none was ever set', async () => {
    expect(await openStaffSession(undefined, freshDb())).toMatchObject({ kind: 'opened', hasPin: false });
  });

  it("changes the kiosk's idle timeout within its range, the PIN, and leaves kiosk mode through the opened session", async () => {
    const db = freshDb();
    await setPin(db, '4821', { useSubtle: false });
    await db.meta.put({ key: 'kioskConfig', value: { name: 'Stand 4', groupId: 7, idleSeconds: 60, setupAt: '2026-05-01T10:00:00.000Z' } });
    await writeKioskMode(db, true);
    const opened = await openStaffSession('4821', db);
    if (opened.kind !== 'opened') throw new Error('not opened');
    expect(await opened.session.setIdleSeconds(90)).toMatchObject({ idleSeconds: 90 });
    expect(await opened.session.setIdleSeconds(5)).toMatchObject({ idleSeconds: 30 });
    expect((await readKioskConfig(db))?.idleSeconds).toBe(30);
    expect(await opened.session.changePin('12')).toBe(false);
    expect(await opened.session.changePin('975310')).toBe(true);
    expect(await pinMatches('975310', (await readPinHash(db))!)).toBe(true);
    expect((await openStaffSession('4821', db)).kind).toBe('wrong');
    await opened.session.leaveKioskMode();
    expect(await readKioskMode(db)).toBe(false);
  });
});
