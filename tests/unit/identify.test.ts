// Must come first: Dexie looks for IndexedDB when it is imported.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serverReachable } from '../../web/offline/connectivity';
import { documentHash } from '../../web/offline/known-players';
import { queueRegistration, queueRoundStart } from '../../web/offline/outbox';
import { identifyPlayer } from '../../web/offline/identify';
import { planRound } from '../../web/offline/round';
import { buildBundle, freshDb, hangingFetch, json, scriptedFetch } from './offline-fixtures';

afterEach(() => vi.unstubAllGlobals());

const input = { documentTypeId: 1, documentNumber: '5550001' };
/** Marta as the server tells a set-up kiosk of the trivia of her; a phone is told `martaOnPhone`. */
const marta = { id: 12, fullName: 'Marta Ruiz', shortName: 'Marta R.', documentTypeId: 1, documentNumber: '5550001', locationId: 5, fromOtherCompany: false };
const martaOnPhone = { id: 12, shortName: 'Marta R.', fromOtherCompany: false };

/** A kiosk where Marta (known to the server) already used her one attempt on this device. */
async function kioskAtTheLimit() {
  const db = freshDb();
  const bundle = buildBundle(6, { maxAttempts: 1 });
  const hash = await documentHash(db, input.documentTypeId, input.documentNumber, { numeric: true });
  await queueRoundStart(db, { playerId: marta.id, playerClientId: null, fullName: marta.fullName, hash }, planRound(bundle));
  await db.inProgress.clear();
  return { db, bundle };
}

describe('identifyPlayer', () => {
  it('lets a player in when the server accepts her, whatever this device counted (staff cleared her attempts)', async () => {
    const { db, bundle } = await kioskAtTheLimit();
    vi.stubGlobal('fetch', scriptedFetch([() => json(200, { player: marta })]).fetchStub);
    expect(await identifyPlayer(db, bundle, input)).toMatchObject({
      kind: 'known',
      player: { playerId: 12, fullName: 'Marta Ruiz', document: { documentTypeId: input.documentTypeId, documentNumber: input.documentNumber.trim() } },
    });
  });

  it("refuses with the server's message when the server's code says the limit is reached, whatever its wording", async () => {
    const { db, bundle } = await kioskAtTheLimit();
    const refusal = { error: 'Ya jugaste', message: 'Ya jugaste', code: 'attempt_limit_reached', details: 'Máximo 1 intento.' };
    vi.stubGlobal('fetch', scriptedFetch([() => json(403, refusal)]).fetchStub);
    expect(await identifyPlayer(db, bundle, input)).toEqual({ kind: 'limit', message: 'Máximo 1 intento.' });
  });

  it('does not read a refusal with another code as the attempt limit, even when its text says so', async () => {
    const { db, bundle } = await kioskAtTheLimit();
    const refusal = { error: 'Límite de intentos alcanzado', message: 'Límite de intentos alcanzado', code: 'forbidden' };
    vi.stubGlobal('fetch', scriptedFetch([() => json(403, refusal)]).fetchStub);
    await expect(identifyPlayer(db, bundle, input)).rejects.toMatchObject({ status: 403 });
  });

  it("applies the device's own count when the server cannot be reached", async () => {
    const { db, bundle } = await kioskAtTheLimit();
    vi.stubGlobal('fetch', scriptedFetch([() => json(200, { player: marta })]).fetchStub);
    await identifyPlayer(db, bundle, input); // online once: the device remembers her
    vi.stubGlobal('fetch', scriptedFetch([]).fetchStub);
    expect(await identifyPlayer(db, bundle, input)).toEqual({ kind: 'limit', message: 'Esta trivia permite 1 intento por jugador' });
  });

  it('names a player known by a server id by document when offline, so a restore can never credit the result to someone else', async () => {
    const db = freshDb();
    const bundle = buildBundle(6);
    vi.stubGlobal('fetch', scriptedFetch([() => json(200, { player: { ...marta, locationId: bundle.locations[0]!.id } })]).fetchStub);
    await identifyPlayer(db, bundle, input); // online once: the device learns her server id
    vi.stubGlobal('fetch', scriptedFetch([]).fetchStub);
    const offline = await identifyPlayer(db, bundle, input);
    expect(offline).toMatchObject({ kind: 'known', player: { playerId: null, fullName: 'Marta Ruiz' } });
    const playerClientId = offline.kind === 'known' ? offline.player.playerClientId : null;
    const [registration] = await db.outbox.toArray();
    expect(registration).toMatchObject({
      kind: 'player',
      payload: { clientId: playerClientId, fullName: 'Marta Ruiz', documentNumber: input.documentNumber, keepExisting: true },
    });
  });

  it('knows a player offline under any spelling of her cédula, and sends the server the number as the rule writes it', async () => {
    const db = freshDb();
    const bundle = buildBundle(6, { maxAttempts: 1 });
    const hash = await documentHash(db, 1, '1024477501', { numeric: true });
    await queueRegistration(db, { fullName: 'Lucía Vega', documentTypeId: 1, documentNumber: '1024477501', locationId: bundle.locations[0]!.id, hash });
    vi.stubGlobal('fetch', scriptedFetch([]).fetchStub);
    for (const documentNumber of ['01024477501', '102-4477501', '1024477501-']) {
      expect(await identifyPlayer(db, bundle, { documentTypeId: 1, documentNumber }), documentNumber).toMatchObject({ kind: 'known', player: { hash } });
    }
    await queueRoundStart(db, { playerId: null, playerClientId: null, fullName: 'Lucía Vega', hash }, planRound(bundle));
    await db.inProgress.clear();
    expect(await identifyPlayer(db, bundle, { documentTypeId: 1, documentNumber: '0.1024.477.501' })).toMatchObject({ kind: 'limit' });
    const online = scriptedFetch([() => json(200, { player: null })]);
    vi.stubGlobal('fetch', online.fetchStub);
    await identifyPlayer(db, bundle, { documentTypeId: 1, documentNumber: '01024477501' });
    expect(online.calls[0]!.body).toMatchObject({ documentNumber: '1024477501' });
  });

  it('treats a server that never answers like no server: offline validation after the time-out', async () => {
    const db = freshDb();
    const bundle = buildBundle();
    const hash = await documentHash(db, input.documentTypeId, input.documentNumber, { numeric: true });
    await queueRegistration(db, { fullName: 'Lucía Vega', documentTypeId: 1, documentNumber: input.documentNumber, locationId: 5, hash });
    const hanging = hangingFetch();
    vi.stubGlobal('fetch', hanging.fetchStub);
    const started = Date.now();
    const outcome = await identifyPlayer(db, bundle, input, 200);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(hanging.calls).toEqual(['/api/players/validate']);
    expect(outcome).toMatchObject({ kind: 'known', player: { fullName: 'Lucía Vega', playerId: null } });
    expect(serverReachable()).toBe(false);
  });
});

describe('identifyPlayer on a phone and on a kiosk', () => {
  it('sends the device credentials only from a kiosk set up for this trivia', async () => {
    const db = freshDb();
    const bundle = buildBundle(6);
    await db.device.put({ key: 'device', deviceId: '6f1c2b9e-0d7a-4c1e-9a8b-3f2d1e0c4b5a', secret: 'device-secret', nextMutationId: 1 });
    const phone = scriptedFetch([() => json(200, { player: null })]);
    vi.stubGlobal('fetch', phone.fetchStub);
    await identifyPlayer(db, bundle, input);
    expect(new Headers(phone.calls[0]!.init.headers).get('X-Device-Id')).toBeNull();

    await db.meta.put({ key: 'kioskConfig', value: { name: 'Stand 4', groupId: bundle.group.id, idleSeconds: 60, setupAt: '2026-05-01T10:00:00.000Z' } });
    const kiosk = scriptedFetch([() => json(200, { player: null })]);
    vi.stubGlobal('fetch', kiosk.fetchStub);
    await identifyPlayer(db, bundle, input);
    const headers = new Headers(kiosk.calls[0]!.init.headers);
    expect(headers.get('X-Device-Id')).toBe('6f1c2b9e-0d7a-4c1e-9a8b-3f2d1e0c4b5a');
    expect(headers.get('X-Device-Secret')).toBe('device-secret');
  });

  it('greets a phone’s player by the short name, keeps no site, and names her by id and document offline', async () => {
    const db = freshDb();
    const bundle = buildBundle(6);
    vi.stubGlobal('fetch', scriptedFetch([() => json(200, { player: martaOnPhone })]).fetchStub);
    expect(await identifyPlayer(db, bundle, input)).toMatchObject({ kind: 'known', player: { playerId: 12, fullName: 'Marta R.', document: input } });
    const [kept] = await db.knownPlayers.toArray();
    expect(kept).toMatchObject({ playerId: 12, fullName: 'Marta R.', locationId: null, companyId: bundle.group.companyId });

    vi.stubGlobal('fetch', scriptedFetch([]).fetchStub);
    expect(await identifyPlayer(db, bundle, input)).toEqual({
      kind: 'known',
      player: { playerId: 12, playerClientId: null, fullName: 'Marta R.', hash: kept!.hash, document: input },
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it('tells a phone of another company’s player nothing to prefill, online or offline', async () => {
    const db = freshDb();
    const bundle = buildBundle(6);
    vi.stubGlobal('fetch', scriptedFetch([() => json(200, { player: { fromOtherCompany: true } })]).fetchStub);
    const online = await identifyPlayer(db, bundle, input);
    expect(online).toEqual({ kind: 'other-company', hash: expect.any(String) });
    expect(await db.knownPlayers.count()).toBe(0);

    // A phone that met her at another company's trivia offers no name at this one either.
    vi.stubGlobal('fetch', scriptedFetch([() => json(200, { player: martaOnPhone })]).fetchStub);
    await identifyPlayer(db, buildBundle(6, { id: 8, companyId: 99 }), input);
    vi.stubGlobal('fetch', scriptedFetch([]).fetchStub);
    expect(await identifyPlayer(db, bundle, input)).toEqual({ kind: 'other-company', hash: expect.any(String) });
  });

  it('prefills, at another company’s trivia, the name typed on this phone itself', async () => {
    const db = freshDb();
    const hash = await documentHash(db, input.documentTypeId, input.documentNumber, { numeric: true });
    await queueRegistration(db, { fullName: 'Lucía Vega', documentTypeId: 1, documentNumber: input.documentNumber, locationId: 5, hash });
    vi.stubGlobal('fetch', scriptedFetch([() => json(200, { player: { fromOtherCompany: true } })]).fetchStub);
    expect(await identifyPlayer(db, buildBundle(6, { id: 8, companyId: 99 }), input)).toEqual({ kind: 'other-company', hash, fullName: 'Lucía Vega' });
  });

  it('prefills another company’s player’s full name on a kiosk, as the server told it', async () => {
    const db = freshDb();
    const bundle = buildBundle(6);
    vi.stubGlobal('fetch', scriptedFetch([() => json(200, { player: { ...marta, locationId: null, fromOtherCompany: true } })]).fetchStub);
    expect(await identifyPlayer(db, bundle, input)).toMatchObject({ kind: 'other-company', fullName: 'Marta Ruiz' });
  });
});
