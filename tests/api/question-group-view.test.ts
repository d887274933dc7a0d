import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildTrivia } from '../support/factories';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

describe('GET /api/question-groups/:id', () => {
  it('returns the trivia with its nested company to anyone (the player view)', async () => {
    const company = await buildCompany(api.dataSource, { name: 'Feria Norte', logoUrl: '/api/uploads/logo.png' });
    const { group } = await buildTrivia(api.dataSource, company.id, { overrides: { name: 'Trivia Verde', questionsPerRound: 3 } });
    const res = await api.client().get(`/api/question-groups/${group.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: group.id,
      name: 'Trivia Verde',
      questionsPerRound: 3,
      company: { id: company.id, name: 'Feria Norte', logoUrl: '/api/uploads/logo.png' },
    });
    expect(res.body.theme.primaryColor).toMatch(/^#/);
  });

  it('is 404 with the spec message for a missing trivia, and 400 for a non-numeric id', async () => {
    const missing = await api.client().get('/api/question-groups/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('No se encontró la trivia.');
    expect((await api.client().get('/api/question-groups/abc')).status).toBe(400);
  });
});
