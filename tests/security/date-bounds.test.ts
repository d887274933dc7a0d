import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../support/api-server';
import { buildCompany, buildTrivia } from '../support/factories';
import type { TestClient } from '../support/http-client';

/**
 * Every date a route takes is bounded to DATE_RANGE (contract/common.ts), well inside what
 * PostgreSQL accepts: a day outside it (year 0000, which PostgreSQL does not have, or past the
 * range) is a 400 validation_failed on the field, never a 500. The rankings, their exports, the
 * analysis and activity, the draws' filters and a campaign's period.
 */
let api: TestApi;
let admin: TestClient;
let trivia: number;
let campaign: number;

beforeAll(async () => {
  api = await startTestApi();
  admin = await api.adminClient();
  const company = await buildCompany(api.dataSource, { name: 'Feria de Fechas' });
  trivia = (await buildTrivia(api.dataSource, company.id)).group.id;
  const created = await admin.post('/api/campaigns', { name: 'Campaña de fechas', companyId: company.id, startDate: '2026-01-01', endDate: '2026-12-31' });
  expect(created.status).toBe(201);
  campaign = created.body.id;
});
afterAll(() => api.close());

/** The range the contract allows (DATE_RANGE), its ends included. */
const DATE_RANGE = { min: '2000-01-01', max: '2100-12-31' };
const OUTSIDE = ['0000-01-01', '0001-01-01', '1899-12-31', '1999-12-31', '2101-01-01', '9999-12-31', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z'];
const DAYS_ONLY = (value: string) => value.length === 10;

/** GET routes whose query takes dateFrom / dateTo, and whether they take instants as well as days. */
const queryRoutes = () => [
  { path: `/api/ranking?questionGroupId=${trivia}`, instants: true },
  { path: `/api/campaigns/${campaign}/ranking?`, instants: true },
  { path: `/api/public/campaigns/${campaign}/ranking?`, instants: true, anonymous: true },
  { path: `/api/campaigns/${campaign}/ranking/export?`, instants: true },
  { path: `/api/question-groups/${trivia}/analysis?`, instants: false },
  { path: `/api/question-groups/${trivia}/analysis/export?format=csv`, instants: false },
  { path: `/api/question-groups/${trivia}/activity?`, instants: false },
];

function expectRefused(reply: { status: number; body: { code?: string; issues?: { path: string; message: string }[] } }, field: string, label: string) {
  expect(reply.status, label).toBe(400);
  expect(reply.body.code, label).toBe('validation_failed');
  expect(reply.body.issues?.map((issue) => issue.path), label).toContain(field);
}

describe('dates outside the range PostgreSQL is asked about', () => {
  it('are a 400 validation_failed on every query that filters by date, never a 500', async () => {
    const anonymous = api.client();
    for (const route of queryRoutes()) {
      const client = route.anonymous ? anonymous : admin;
      for (const field of ['dateFrom', 'dateTo']) {
        for (const value of OUTSIDE.filter((v) => route.instants || DAYS_ONLY(v))) {
          const label = `${route.path} ${field}=${value}`;
          const reply = await client.get(`${route.path}&${field}=${encodeURIComponent(value)}`);
          expectRefused(reply, field, label);
        }
      }
      const inside = await client.get(`${route.path}&dateFrom=${DATE_RANGE.min}&dateTo=${DATE_RANGE.max}`);
      expect(inside.status, `${route.path} within the range`).toBe(200);
    }
  });

  it('are a 400 in a draw’s filters, at a trivia and at a campaign', async () => {
    for (const path of [`/api/question-groups/${trivia}/draws`, `/api/campaigns/${campaign}/draws`]) {
      for (const field of ['dateFrom', 'dateTo']) {
        for (const value of OUTSIDE) {
          const reply = await admin.post(path, { prizes: 1, filters: { [field]: value } });
          expectRefused(reply, `filters.${field}`, `${path} ${field}=${value}`);
        }
      }
      const inside = await admin.post(path, { prizes: 1, filters: { dateFrom: DATE_RANGE.min, dateTo: DATE_RANGE.max } });
      expect(inside.status, path).not.toBe(500);
      expect(inside.status, path).not.toBe(400);
    }
  });

  it('are a 400 as a campaign’s start or end, created or changed', async () => {
    const company = await buildCompany(api.dataSource, { name: 'Feria de Periodos' });
    const base = { name: 'Periodo fuera de rango', companyId: company.id, startDate: '2026-01-01', endDate: '2026-12-31' };
    for (const field of ['startDate', 'endDate'] as const) {
      for (const value of OUTSIDE.filter(DAYS_ONLY)) {
        const body = { ...base, [field]: value };
        if (field === 'startDate' && value > base.endDate) body.endDate = value;
        if (field === 'endDate' && value < base.startDate) body.startDate = value;
        expectRefused(await admin.post('/api/campaigns', body), field, `POST ${field}=${value}`);
        expectRefused(await admin.patch(`/api/campaigns/${campaign}`, body), field, `PATCH ${field}=${value}`);
      }
    }
    const widest = await admin.post('/api/campaigns', { ...base, startDate: DATE_RANGE.min, endDate: DATE_RANGE.max });
    expect(widest.status).toBe(201);
    expect((await admin.get(`/api/campaigns/${widest.body.id}/ranking`)).status).toBe(200);
  });
});
