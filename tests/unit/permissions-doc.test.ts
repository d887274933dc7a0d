import { readFileSync, writeFileSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/platform/config';
import { permissionMatrix } from '../support/permission-table';
import { servedRouteList } from '../support/route-list';

const DOC = 'docs/permissions.md';
const START = '<!-- permissions:start -->';
const END = '<!-- permissions:end -->';

/** The routes served (the routers' and `/metrics`) with their declarations (a data source that never connects: no route runs). */
function declaredRoutes() {
  const config = loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'route-list-'.repeat(4) });
  return servedRouteList(config, new DataSource({ type: 'postgres' }));
}

describe('docs/permissions.md', () => {
  it('holds the matrix the contract and the routers make', () => {
    const doc = readFileSync(DOC, 'utf8');
    const start = doc.indexOf(START);
    const end = doc.indexOf(END);
    expect(start, `${DOC} marks where the matrix goes`).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    const written = doc.slice(start + START.length, end).trim();
    const generated = permissionMatrix(declaredRoutes());
    if (process.env.UPDATE_PERMISSIONS_DOC === '1') {
      writeFileSync(DOC, `${doc.slice(0, start + START.length)}\n${generated}\n${doc.slice(end)}`);
      return;
    }
    expect(written, `${DOC} is out of date: UPDATE_PERMISSIONS_DOC=1 npx vitest run tests/unit/permissions-doc.test.ts`).toBe(generated);
  });

  it('lists a route under the action it declares, and an undeclared one apart', () => {
    const table = permissionMatrix([
      { method: 'GET', path: '/api/a', access: { level: 'company', action: 'analysis.view', targets: [] } },
      { method: 'POST', path: '/api/b', access: { level: 'owner' } },
      { method: 'GET', path: '/api/c', access: undefined },
    ]);
    expect(table).toContain('| `analysis.view` | The analysis of questions and answers (which answer was right included), and its export (no personal data in either) | ✓ | ✓ | — | ✓ |');
    expect(table).toContain('- **`analysis.view`** (1): `GET /api/a`');
    expect(table).toContain('- **Owners only** (1): `POST /api/b`');
    expect(table).toContain('- **Undeclared** (1): `GET /api/c`');
  });
});
