import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocationEntity } from '../../db/entities';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildLocation, buildTrivia } from '../support/factories';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('GET /api/play/:groupId/bundle', () => {
  it('gives a kiosk the trivia, its questions, answers with the correct one marked, document types and the company\'s sites', async () => {
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
    expect(firstAnswers[0]).toEqual({ id: items[0]!.answers[0]!.id, text: 'Respuesta 1.1', isCorrect: true, questionId: items[0]!.question.id });
    expect(res.body.documentTypes.map((t: { code: string }) => t.code)).toEqual(['CC', 'TI', 'CE', 'PA', 'PPT']);
    expect(res.body.locations).toEqual([
      { id: siteA.id, name: 'Pabellón 1', companyId: company.id },
      { id: siteB.id, name: 'Pabellón 2', companyId: company.id },
    ]);
    expect(res.headers.get('etag')).toBe(`"${res.body.version}"`);
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

    await api.dataSource.getRepository(LocationEntity).update(site.id, { name: 'Entrada Norte' });
    const changed = await api.client().get(`/api/play/${group.id}/bundle`, { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.body.version).not.toBe(first.body.version);
    expect(changed.body.locations[0].name).toBe('Entrada Norte');
  });

  it('is 404 for a missing trivia and 400 for a non-numeric id', async () => {
    const missing = await api.client().get('/api/play/999999/bundle');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('No se encontró el grupo de preguntas.');
    expect((await api.client().get('/api/play/abc/bundle')).status).toBe(400);
  });
});
