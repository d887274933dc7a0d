import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildLocation, buildTrivia } from '../support/factories';
import { deviceHeaders, documentTypeId, freshDocument, registerDevice, setUpKiosk, type TestTrivia } from '../support/player-flow';

/**
 * The document check as an outside probe used it: a bare number answered with its owner's full
 * name and site, for anyone and for any company, and 31 checks from one address locking the number
 * for an hour from every address. Now anyone but a set-up kiosk of the trivia learns at most "Ana
 * M.", another company's player not even that, and the limits are one client's.
 */
const PER_DOCUMENT = 30; // PLAYER_DOCUMENT_RATE_LIMIT's default
const PER_ADDRESS = 6;
let api: TestApi;
let cc: number;
let site: { id: number };
let otherCompanySite: { id: number };
let companyId: number;
let trivia: TestTrivia;
let otherTrivia: TestTrivia;

beforeAll(async () => {
  // Behind a proxy the client address comes from X-Forwarded-For: each request below can claim its own.
  api = await startTestApi({ TRUST_PROXY: 'true', PLAYER_DOCUMENTS_PER_ADDRESS: String(PER_ADDRESS) });
  cc = await documentTypeId(api.dataSource);
  const company = await buildCompany(api.dataSource, { name: 'Feria Documentos' });
  companyId = company.id;
  site = await buildLocation(api.dataSource, company.id, 'Pabellón Norte');
  const other = await buildCompany(api.dataSource, { name: 'Empresa Ajena' });
  otherCompanySite = await buildLocation(api.dataSource, other.id, 'Sede Reservada');
  trivia = await buildTrivia(api.dataSource, company.id, { questions: 2 });
  otherTrivia = await buildTrivia(api.dataSource, company.id, { questions: 2 });
});
afterAll(() => api.close());

let addressCounter = 0;
const freshAddress = () => `203.0.113.${++addressCounter}`;
const from = (address: string, headers: Record<string, string> = {}) => ({ headers: { 'X-Forwarded-For': address, ...headers } });

async function registerPlayer(fullName: string, locationId = site.id) {
  const documentNumber = freshDocument();
  const res = await api.client().post('/api/players', { fullName, documentTypeId: cc, documentNumber, locationId }, from(freshAddress()));
  expect(res.status).toBe(200);
  return { id: res.body.id as number, documentNumber };
}

const check = (documentNumber: string, address: string, headers: Record<string, string> = {}, questionGroupId = trivia.group.id) =>
  api.client().post('/api/players/validate', { documentTypeId: cc, documentNumber, companyId, questionGroupId }, from(address, headers));

async function kioskOf(questionGroupId: number) {
  const device = await registerDevice(api, api.client(), { phone: true });
  await setUpKiosk(api, await api.adminClient(), device, questionGroupId);
  return deviceHeaders(device);
}

describe('what a document check tells whom', () => {
  it('tells an anonymous caller that the number is known and "Ana M.", never the full name or the site', async () => {
    const ana = await registerPlayer('Ana María Martínez Rojas');
    const res = await check(ana.documentNumber, freshAddress());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ player: { id: ana.id, shortName: 'Ana M.', fromOtherCompany: false } });
    expect(res.text).not.toMatch(/María|Martínez|Rojas|Pabellón/);
    expect(res.text).not.toContain(`"locationId"`);
  });

  it('tells nothing but "known in another company" about another company’s player', async () => {
    const olga = await registerPlayer('Olga Otero', otherCompanySite.id);
    const res = await check(olga.documentNumber, freshAddress());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ player: { fromOtherCompany: true } });
    expect(res.text).not.toMatch(/Olga|Otero|Reservada/);
  });

  it('tells an unknown number apart only as unknown', async () => {
    const res = await check(freshDocument(), freshAddress());
    expect(res.body).toEqual({ player: null });
  });

  it('gives the full name and the site to a set-up kiosk of the trivia, and only of that trivia', async () => {
    const ana = await registerPlayer('Ana María Martínez Rojas');
    const own = await check(ana.documentNumber, freshAddress(), await kioskOf(trivia.group.id));
    expect(own.body).toEqual({
      player: { id: ana.id, fullName: 'Ana María Martínez Rojas', shortName: 'Ana M.', documentTypeId: cc, documentNumber: ana.documentNumber, locationId: site.id, fromOtherCompany: false },
    });

    // A kiosk of another trivia, a phone, or a kiosk's id with a wrong secret: the short form.
    const elsewhere = await check(ana.documentNumber, freshAddress(), await kioskOf(otherTrivia.group.id));
    expect(elsewhere.body).toEqual({ player: { id: ana.id, shortName: 'Ana M.', fromOtherCompany: false } });
    const phone = await registerDevice(api, api.client(), { phone: true });
    expect((await check(ana.documentNumber, freshAddress(), deviceHeaders(phone))).body.player.fullName).toBeUndefined();
    const forged = { ...(await kioskOf(trivia.group.id)), 'X-Device-Secret': 'x'.repeat(43) };
    expect((await check(ana.documentNumber, freshAddress(), forged)).body.player.fullName).toBeUndefined();
  });

  it('does not let a client name another company to learn whether the player is of it', async () => {
    const olga = await registerPlayer('Olga Otero', otherCompanySite.id);
    const [other] = await api.dataSource.query(`SELECT company_id FROM locations WHERE id = $1`, [otherCompanySite.id]);
    const lying = await api
      .client()
      .post('/api/players/validate', { documentTypeId: cc, documentNumber: olga.documentNumber, companyId: other.company_id, questionGroupId: trivia.group.id }, from(freshAddress()));
    expect(lying.body).toEqual({ player: { fromOtherCompany: true } });
  });
});

describe('registering is no way around it', () => {
  it('a known number registered under another name answers its owner’s name in short form only', async () => {
    const ana = await registerPlayer('Ana María Martínez Rojas');
    const res = await api
      .client()
      .post('/api/players', { fullName: 'Curioso Cualquiera', documentTypeId: cc, documentNumber: ana.documentNumber, locationId: site.id }, from(freshAddress()));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: ana.id, fullName: 'Ana M.', firstName: 'Ana', lastName: 'M.' });
    expect(res.text).not.toMatch(/María|Martínez|Rojas/);
    // Its owner, registering under the stored name, reads it whole.
    const own = await api
      .client()
      .post('/api/players', { fullName: 'Ana María Martínez Rojas', documentTypeId: cc, documentNumber: ana.documentNumber, locationId: site.id }, from(freshAddress()));
    expect(own.body).toMatchObject({ id: ana.id, fullName: 'Ana María Martínez Rojas' });
  });
});

describe('one client cannot lock a number for others', () => {
  it(`${PER_DOCUMENT + 1} checks of one number from one address refuse that address only`, async () => {
    const victim = await registerPlayer('Valeria Víctima');
    const attacker = freshAddress();
    const statuses: (number | string)[] = [];
    for (let i = 0; i <= PER_DOCUMENT; i++) {
      const res = await check(victim.documentNumber, attacker);
      statuses.push(res.status === 429 ? res.body.code : res.status);
    }
    expect(statuses).toEqual([...Array(PER_DOCUMENT).fill(200), 'document_rate_limited']);

    // The victim, at the booth behind another address, checks and plays as ever.
    const booth = await check(victim.documentNumber, freshAddress());
    expect(booth.status).toBe(200);
    expect(booth.body.player).toMatchObject({ id: victim.id, shortName: 'Valeria V.' });
  });

  it('one address checking many distinct numbers reaches its ceiling; numbers it already checked, and other addresses, go on', async () => {
    const bot = freshAddress();
    const numbers = Array.from({ length: PER_ADDRESS }, () => freshDocument());
    for (const number of numbers) expect((await check(number, bot)).status).toBe(200);
    const refused = await check(freshDocument(), bot);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'document_checks_rate_limited', error: expect.stringMatching(/documentos/) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // A number it checked already costs nothing more: a player who checks again is not refused.
    expect((await check(numbers[0]!, bot)).status).toBe(200);
    expect((await check(freshDocument(), freshAddress())).status).toBe(200);
  });

  it('a set-up kiosk of the trivia is counted as itself, not with the phones behind its address', async () => {
    const venue = freshAddress();
    for (let i = 0; i < PER_ADDRESS; i++) expect((await check(freshDocument(), venue)).status).toBe(200);
    expect((await check(freshDocument(), venue)).status).toBe(429);
    const kiosk = await kioskOf(trivia.group.id);
    expect((await check(freshDocument(), venue, kiosk)).status).toBe(200);
  });

  it('registrations spend the same per-address counters', async () => {
    const address = freshAddress();
    for (let i = 0; i < PER_ADDRESS; i++) expect((await check(freshDocument(), address)).status).toBe(200);
    const res = await api.client().post('/api/players', { fullName: 'Rita Registro', documentTypeId: cc, documentNumber: freshDocument(), locationId: site.id }, from(address));
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('document_checks_rate_limited');
  });
});
