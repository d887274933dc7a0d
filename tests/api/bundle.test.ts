import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocationEntity } from '../../db/entities';
import { startApiProcesses } from '../support/api-processes';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildLocation, buildTrivia } from '../support/factories';
import { deviceHeaders, registerDevice, setUpKiosk } from '../support/player-flow';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('GET /api/play/:groupId/bundle', () => {
  it('gives anyone the trivia, its questions, answers without the answer key, document types and the company\'s sites', async () => {
    const company = await buildCompany(api.dataSource, { name: 'Feria Norte' });
    const siteA = await buildLocation(api.dataSource, company.id, 'Pabellón 1');
    const siteB = await buildLocation(api.dataSource, company.id, 'Pabellón 2');
    const other = await buildCompany(api.dataSource, { name: 'Otra' });
    await buildLocation(api.dataSource, other.id, 'No aparece');
    const { group, items } = await buildTrivia(api.dataSource, company.id, { questions: 2, answersPerQuestion: 3 });

    const res = await api.client().get(`/api/play/${group.id}/bundle`);
    expect(res.status).toBe(200);
    expect(res.body.group).toMatchObject({ id: group.id, name: group.name, company: { id: company.id, name: 'Feria Norte' } });
    expect(res.body.questions.map((q: { id: number }) => q.id)).toEqual(items.map((i) => i.question.id));
    const firstAnswers = res.body.answers[String(items[0]!.question.id)];
    expect(firstAnswers).toHaveLength(3);
    expect(firstAnswers[0]).toEqual({ id: items[0]!.answers[0]!.id, text: 'Respuesta 1.1', questionId: items[0]!.question.id, picture: null });
    expect(res.text).not.toContain('isCorrect');
    expect(res.body.documentTypes.map((t: { code: string }) => t.code)).toEqual(['CC', 'TI', 'CE', 'PA', 'PPT']);
    expect(res.body.locations).toEqual([
      { id: siteA.id, name: 'Pabellón 1', companyId: company.id },
      { id: siteB.id, name: 'Pabellón 2', companyId: company.id },
    ]);
    expect(res.headers.get('etag')).toBe(`"${res.body.version}"`);
  });

  it('gives the answer key only to a kiosk set up for the trivia, as a copy with a version of its own', async () => {
    const admin = await api.adminClient();
    const company = await buildCompany(api.dataSource);
    const { group, items } = await buildTrivia(api.dataSource, company.id, { questions: 2, answersPerQuestion: 3 });
    const other = await buildTrivia(api.dataSource, company.id, { questions: 1 });
    const kiosk = await registerDevice(api, api.client(), { phone: true });
    const phone = await registerDevice(api, api.client(), { phone: true });
    const elsewhere = await registerDevice(api, api.client(), { phone: true });
    await setUpKiosk(api, admin, kiosk, group.id);
    await setUpKiosk(api, admin, elsewhere, other.group.id);
    const bundle = (headers: Record<string, string>) => api.client().get(`/api/play/${group.id}/bundle`, { headers });

    const keyed = await bundle(deviceHeaders(kiosk));
    expect(keyed.body.answers[String(items[0]!.question.id)][0]).toEqual({ id: items[0]!.answers[0]!.id, text: 'Respuesta 1.1', isCorrect: true, questionId: items[0]!.question.id, picture: null });
    for (const reader of [{}, deviceHeaders(phone), deviceHeaders(elsewhere), { ...deviceHeaders(kiosk), 'X-Device-Secret': 'not-the-secret' }]) {
      const res = await bundle(reader);
      expect(res.status).toBe(200);
      expect(res.text).not.toContain('isCorrect');
      expect(res.body.version).not.toBe(keyed.body.version);
    }
    // A copy without the key does not pass for the kiosk's: the kiosk gets its own.
    const anonymous = await bundle({});
    expect((await bundle({ ...deviceHeaders(kiosk), 'If-None-Match': `"${anonymous.body.version}"` })).status).toBe(200);
    expect((await bundle({ ...deviceHeaders(kiosk), 'If-None-Match': `"${keyed.body.version}"` })).status).toBe(304);
    expect((await bundle({ 'If-None-Match': `"${keyed.body.version}"` })).text).not.toContain('isCorrect');
  });

  it('answers 304 to a kiosk whose version is current, and a new version once a site changes', async () => {
    const company = await buildCompany(api.dataSource);
    const site = await buildLocation(api.dataSource, company.id, 'Entrada');
    const { group } = await buildTrivia(api.dataSource, company.id);
    const first = await api.client().get(`/api/play/${group.id}/bundle`);
    const etag = first.headers.get('etag')!;
    const cached = await api.client().get(`/api/play/${group.id}/bundle`, { headers: { 'If-None-Match': etag } });
    expect(cached.status).toBe(304);
    expect(cached.text).toBe('');
    // A browser may add Cache-Control: no-cache to a fetch that sets its own If-None-Match (the Fetch standard does): still a 304.
    expect((await api.client().get(`/api/play/${group.id}/bundle`, { headers: { 'If-None-Match': etag, 'Cache-Control': 'no-cache' } })).status).toBe(304);

    await api.dataSource.getRepository(LocationEntity).update(site.id, { name: 'Entrada Norte' });
    const changed = await api.client().get(`/api/play/${group.id}/bundle`, { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.body.version).not.toBe(first.body.version);
    expect(changed.body.locations[0].name).toBe('Entrada Norte');
  });

  it('keeps its version while the content is the same and moves it on any change, whoever writes it', async () => {
    const company = await buildCompany(api.dataSource);
    const { group, items } = await buildTrivia(api.dataSource, company.id, { questions: 2 });
    const first = await api.client().get(`/api/play/${group.id}/bundle`);
    const etag = first.headers.get('etag')!;
    const revalidate = () => api.client().get(`/api/play/${group.id}/bundle`, { headers: { 'If-None-Match': etag } });
    expect((await revalidate()).status).toBe(304);

    // Rows written again with the same values: the content, and so the version, is unchanged.
    await api.dataSource.query('UPDATE answers SET text = text WHERE question_id = $1', [items[0]!.question.id]);
    await api.dataSource.query('UPDATE question_groups SET name = name WHERE id = $1', [group.id]);
    const same = await revalidate();
    expect(same.status).toBe(304);
    expect(same.headers.get('etag')).toBe(etag);

    // An answer's text changed straight in the database, with no code of the app involved.
    await api.dataSource.query(`UPDATE answers SET text = 'Otra respuesta' WHERE id = $1`, [items[1]!.answers[0]!.id]);
    const changed = await revalidate();
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).toBe(`"${changed.body.version}"`);
    expect(changed.body.version).not.toBe(first.body.version);
    expect(changed.body.answers[String(items[1]!.question.id)][0].text).toBe('Otra respuesta');

    // A deleted question, then the company's new data-treatment text.
    const afterAnswer = changed.headers.get('etag')!;
    await api.dataSource.query('DELETE FROM questions WHERE id = $1', [items[0]!.question.id]);
    const deleted = await api.client().get(`/api/play/${group.id}/bundle`, { headers: { 'If-None-Match': afterAnswer } });
    expect(deleted.status).toBe(200);
    expect(deleted.body.questions.map((q: { id: number }) => q.id)).toEqual([items[1]!.question.id]);
    await api.dataSource.query(`INSERT INTO consent_texts (company_id, version, text) VALUES ($1, 1, 'Tratamos tus datos')`, [company.id]);
    const consented = await api.client().get(`/api/play/${group.id}/bundle`, { headers: { 'If-None-Match': deleted.headers.get('etag')! } });
    expect(consented.status).toBe(200);
    expect(consented.body.consent).toEqual({ version: 1, text: 'Tratamos tus datos' });
  });

  it('moves its version on the other process too: a change committed through one is seen on the next revalidation of the other', async () => {
    const pair = await startApiProcesses(2);
    try {
      const [first, second] = pair.processes;
      const company = await buildCompany(pair.dataSource);
      const { group } = await buildTrivia(pair.dataSource, company.id);
      const bundleAt = (p: typeof first, etag?: string) =>
        p!.client().get(`/api/play/${group.id}/bundle`, etag ? { headers: { 'If-None-Match': etag } } : {});
      const original = await bundleAt(first);
      const etag = original.headers.get('etag')!;
      expect((await bundleAt(first, etag)).status).toBe(304);
      expect((await bundleAt(second, etag)).status).toBe(304);

      // A document type renamed in a transaction of several statements, on the first process's connections.
      await first!.dataSource.transaction(async (tx) => {
        await tx.query(`UPDATE document_types SET name = 'Cédula' WHERE code = 'CC'`);
        await tx.query(`UPDATE companies SET name = name WHERE id = $1`, [company.id]);
      });
      const seen = await bundleAt(second, etag);
      expect(seen.status).toBe(200);
      expect(seen.body.documentTypes.find((t: { code: string }) => t.code === 'CC').name).toBe('Cédula');
      const newEtag = seen.headers.get('etag')!;
      expect(newEtag).not.toBe(etag);
      expect((await bundleAt(first, etag)).status).toBe(200);
      expect((await bundleAt(first, newEtag)).status).toBe(304);
      expect((await bundleAt(second, newEtag)).status).toBe(304);

      // The trivia deleted: the remembered version is not served for it any more.
      await pair.dataSource.query('DELETE FROM question_groups WHERE id = $1', [group.id]);
      expect((await bundleAt(second, newEtag)).status).toBe(404);
    } finally {
      await pair.close();
    }
  });

  it('is 404 for a missing trivia and 400 for a non-numeric id', async () => {
    const missing = await api.client().get('/api/play/999999/bundle');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('No se encontró la trivia.');
    expect((await api.client().get('/api/play/abc/bundle')).status).toBe(400);
  });
});
