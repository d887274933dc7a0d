import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildLocation } from '../support/factories';
import type { TestClient } from '../support/http-client';
import { documentTypeId, freshDocument, registerDevice } from '../support/player-flow';

/**
 * An erasure reaches the registrations a kiosk sent that the server refused because their document
 * was not one it could read (a type sent as its code, none at all, a type that does not exist):
 * they have no canonical document, yet they name the person by the number as typed. Their name and
 * document go with the erasure; a stranger's refused registration with another number keeps its own.
 */
let api: TestApi;
let admin: TestClient;
let cc: number;
let site: { id: number };

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  cc = await documentTypeId(api.dataSource);
  const company = await buildCompany(api.dataSource, { name: 'Feria Documentos Raros' });
  site = await buildLocation(api.dataSource, company.id, 'Pabellón Raro');
});
afterAll(() => api.close());

/** 12345678 as 12.345.678. */
const dotted = (number: string) => number.replace(/\B(?=(\d{3})+$)/g, '.');
const statuses = (reply: { body: { results: { status: string }[] } }) => reply.body.results.map((r) => r.status);
const READS = ['/api/sync/rejections?limit=100', '/api/devices'];

/** Where a word still is (case ignored): the admin reads of what devices sent, and the stored payloads. */
async function readsNaming(word: string): Promise<string[]> {
  const found: string[] = [];
  for (const path of READS) {
    const reply = await admin.get(path);
    expect(reply.status, path).toBe(200);
    if (reply.text.toLowerCase().includes(word.toLowerCase())) found.push(path);
  }
  const [{ n }] = await api.dataSource.query(`SELECT count(*)::int AS n FROM sync_mutations WHERE payload::text ILIKE $1`, [`%${word}%`]);
  if (n > 0) found.push(`sync_mutations.payload (${n})`);
  return found;
}

describe('erasing a person', () => {
  it('removes their name and document from refused registrations whose document was invalid; a stranger’s stays', async () => {
    const number = freshDocument();
    const stranger = freshDocument();
    const registered = await api.client().post('/api/players', { fullName: 'Filomena Quiroga Arbeláez', documentTypeId: cc, documentNumber: number, locationId: site.id });
    expect(registered.status).toBe(200);

    const kiosk = await registerDevice(api);
    const refused = (mutationId: number, payload: Record<string, unknown>) => ({
      mutationId,
      kind: 'player',
      payload: { clientId: randomUUID(), locationId: site.id, ...payload },
    });
    const pushed = await kiosk.push([
      // the type sent as its code, not its id
      refused(1, { fullName: 'Filomena Quiroga Arbeláez', documentTypeId: 'CC', documentNumber: number }),
      // no type at all, the number dotted
      refused(2, { fullName: 'filomena quiroga', documentNumber: dotted(number) }),
      // a type that does not exist, the number with a leading zero
      refused(3, { fullName: 'FILOMENA QUIROGA ARBELAEZ', documentTypeId: 999_999, documentNumber: `0${number}` }),
      // a null type, the number as a number
      refused(4, { fullName: 'Filomena  Quiroga', documentTypeId: null, documentNumber: Number(number) }),
      // a stranger, refused the same way, with another number
      refused(5, { fullName: 'Bartolomé Estrada Ajeno', documentTypeId: 'CC', documentNumber: stranger }),
    ]);
    expect(statuses(pushed)).toEqual(['rejected', 'rejected', 'rejected', 'rejected', 'rejected']);
    expect(await readsNaming('Quiroga')).toEqual([...READS, 'sync_mutations.payload (4)']);

    const erased = await admin.post(`/api/player-data/${registered.body.id}/erase`, { action: 'anonymise', confirm: number });
    expect(erased.status).toBe(200);

    expect(await readsNaming('Quiroga')).toEqual([]);
    expect(await readsNaming('Filomena')).toEqual([]);
    const kept: { mutation_id: number; payload: Record<string, unknown> }[] = await api.dataSource.query(
      `SELECT mutation_id, payload FROM sync_mutations WHERE device_id = $1 ORDER BY mutation_id`,
      [kiosk.deviceId],
    );
    // Their records keep what names nobody (ids, the site); the document goes too.
    for (const row of kept.slice(0, 4)) {
      expect(row.payload, `mutation ${row.mutation_id}`).not.toHaveProperty('fullName');
      expect(row.payload, `mutation ${row.mutation_id}`).not.toHaveProperty('documentNumber');
      expect(row.payload, `mutation ${row.mutation_id}`).toHaveProperty('clientId');
    }
    // The stranger's refusal is untouched.
    expect(kept[4]!.payload).toMatchObject({ fullName: 'Bartolomé Estrada Ajeno' });
    expect(await readsNaming('Estrada')).toEqual([...READS, 'sync_mutations.payload (1)']);
  });

  it('reaches such refusals kept before they were fingerprinted, by their masked number, and leaves another type’s', async () => {
    const number = freshDocument();
    const registered = await api.client().post('/api/players', { fullName: 'Leocadia Buitrago', documentTypeId: cc, documentNumber: number, locationId: site.id });
    expect(registered.status).toBe(200);
    const kiosk = await registerDevice(api);
    const ce = await documentTypeId(api.dataSource, 'CE');
    const masked = `${'*'.repeat(number.length - 3)}${number.slice(-3)}`;
    // As an older version stored refusals: the summary, the number masked, no fingerprint.
    for (const [mutationId, documentType, fullName] of [
      [1, 'CC', 'Leocadia Buitrago'],
      [2, null, 'leocadia buitrago'],
      [3, ce, 'Leocadia Buitrago Otra'],
    ] as const) {
      await api.dataSource.query(
        `INSERT INTO sync_mutations (device_id, mutation_id, kind, payload_hash, payload, status, reason) VALUES ($1, $2, 'player', repeat('0', 64), $3, 'rejected', 'Documento no válido')`,
        [kiosk.deviceId, mutationId, JSON.stringify({ fullName, documentTypeId: documentType, documentNumber: masked })],
      );
    }
    expect(await admin.post(`/api/player-data/${registered.body.id}/erase`, { action: 'delete', confirm: number })).toMatchObject({ status: 200 });
    const rows: { payload: Record<string, unknown> }[] = await api.dataSource.query(`SELECT payload FROM sync_mutations WHERE device_id = $1 ORDER BY mutation_id`, [
      kiosk.deviceId,
    ]);
    expect(rows.map((row) => row.payload.fullName ?? null)).toEqual([null, null, 'Leocadia Buitrago Otra']);
  });
});
