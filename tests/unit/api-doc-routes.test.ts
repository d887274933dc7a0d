import { readFileSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/platform/config';
import { createAppMetrics } from '../../api/metrics/app-metrics';
import { metricsRoutes } from '../../api/metrics/routes';
import { apiRouteList } from '../support/route-list';

const DOC = 'docs/api.md';
const HEADING = /^### (GET|POST|PUT|PATCH|DELETE) (\/api\/\S*|\/metrics)\s*$/;

/** The `### METHOD /path` headings of docs/api.md, one per documented route. */
function documentedRoutes(): string[] {
  return readFileSync(DOC, 'utf8')
    .split('\n')
    .map((line) => HEADING.exec(line))
    .filter((match) => match !== null)
    .map(([, method, path]) => `${method} ${path}`);
}

/**
 * The routes the API's routers serve, read from the routers (a data source that never connects: no
 * route runs), and GET /metrics, served beside them outside /api.
 */
function servedRoutes(): string[] {
  const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'route-list-'.repeat(4) });
  const dataSource = new DataSource({ type: 'postgres' });
  const metrics = metricsRoutes(createAppMetrics(dataSource), undefined).stack.flatMap((layer) =>
    layer.methods.filter((method) => method !== 'HEAD').map((method) => ({ method, path: String(layer.path) })),
  );
  return [...apiRouteList(config, dataSource), ...metrics].map((route) => `${route.method} ${route.path}`);
}

describe('docs/api.md', () => {
  it('documents every route the routers serve, once, and no other', () => {
    const documented = documentedRoutes();
    const served = new Set(servedRoutes());
    const missing = [...served].filter((route) => !documented.includes(route));
    const extra = documented.filter((route) => !served.has(route));
    const repeated = documented.filter((route, index) => documented.indexOf(route) !== index);
    const problems = [
      missing.length > 0 &&
        `${DOC} lacks these routes; add each heading under its area, followed by its access level, body, reply and error codes:\n` +
          missing.map((route) => `### ${route}`).join('\n'),
      extra.length > 0 && `${DOC} lists routes the API does not serve; remove these headings and their text:\n${extra.map((route) => `### ${route}`).join('\n')}`,
      repeated.length > 0 && `${DOC} lists these routes twice; keep one heading each:\n${repeated.map((route) => `### ${route}`).join('\n')}`,
    ].filter(Boolean);
    expect(problems.join('\n\n'), problems.join('\n\n')).toBe('');
  });

  it('reads the headings it compares (a route line is `### METHOD /api/...`)', () => {
    expect(documentedRoutes()).toContain('GET /api/health');
    expect(servedRoutes()).toContain('GET /api/health');
  });
});
