import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/platform/config';
import { routeName, servedRouteList } from '../support/route-list';

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
  return servedRouteList(config, dataSource).map(routeName);
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

/** A path segment that stands for any: `:id`, `{id}`, `<name>-<width>.<format>`, `{trivia|campaign}`, `*`. */
const ANY_SEGMENT = /^(?::\w+|.*[{<].*|\*)$/;

/**
 * Whether a route the documents name (`POST /api/sync`, `GET /api/ranking?includeDuplicates=true`,
 * `/api/public/screens/*`, `/api/play/…`) is one the routers serve. With a method it names one
 * route; a bare path may also name the routes under it (`under /api/play`). A concrete value
 * (`/API/companies/3/`) fills a parameter.
 */
function isServed(named: string, served: string[]): boolean {
  const [, method, whole] = /^(?:([A-Z]+) )?(\S+)$/.exec(named)!;
  const path = whole!.split('?')[0]!.replace(/\/$/, '');
  const open = !method || /(?:…|\.\.\.|\/\*)$/.test(path);
  const segments = path.replace(/\/?(?:…|\.\.\.|\*)$/, '').toLowerCase().split('/');
  return served.some((route) => {
    const [routeMethod, routePath] = route.split(' ') as [string, string];
    const routeSegments = routePath.split('/');
    if ((method && method !== routeMethod) || routeSegments.length < segments.length || (!open && routeSegments.length !== segments.length)) return false;
    return segments.every((segment, index) => ANY_SEGMENT.test(segment) || segment === routeSegments[index] || (routeSegments[index]!.startsWith(':') && segment !== ''));
  });
}

describe('routes the README and docs/ name in backticks', () => {
  const docs = execFileSync('git', ['ls-files', 'README.md', 'docs/*.md'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  const named = docs.flatMap((doc) =>
    readFileSync(doc, 'utf8')
      .split('\n')
      .flatMap((line, index) => [...line.matchAll(/`((?:(?:GET|POST|PUT|PATCH|DELETE) )?\/api\/[^`\s]*)`/gi)].map(([, route]) => ({ where: `${doc}:${index + 1}`, route: route! }))),
  );

  it('are routes the API serves', () => {
    const served = servedRoutes();
    const unknown = named.filter(({ route }) => !isServed(route, served)).map(({ where, route }) => `${where}: \`${route}\` is no route the API serves`);
    expect(unknown).toEqual([]);
  });

  it('tells a stale route from a served one', () => {
    const served = servedRoutes();
    expect(['PATCH /api/player-attempts/:id', 'GET /api/ranking?includeDuplicates=true', '/api/play', '/api/public/screens/*', '/API/companies/3/'].filter((route) => !isServed(route, served))).toEqual([]);
    expect(['PATCH /api/player-attempts', 'GET /api/made-up', '/api/made-up/…'].filter((route) => isServed(route, served))).toEqual([]);
  });
});
