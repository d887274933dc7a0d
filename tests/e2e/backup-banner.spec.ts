import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BackupStatus } from '../../contract';
import { expect, test } from './fixtures';
import { seriousViolations } from './support/axe';
import { docsScreenshot } from './support/screenshot';
import { ServerProcess } from './support/server-process';

/**
 * An owner is told on every admin screen when the continuous backups stop working
 * (docs/backups.md): a server backing up into BACKUP_DIR shows nothing while all is well; once its
 * WAL archive cannot be written, the banner under the header says so, in light and dark.
 */

const backupDir = mkdtempSync(path.join(tmpdir(), 'trivia-banner-backups-'));
// The embedded PostgreSQL runs as another user when the tests run as root: it must reach it.
chmodSync(backupDir, 0o755);
const server = new ServerProcess({ env: { BACKUP_DIR: backupDir, BACKUP_MAX_LOSS_SECONDS: '5' } });
const BANNER = 'Copias de seguridad: El servidor no puede archivar los cambios de la base de datos';

test.afterAll(async () => {
  await server.stop();
  rmSync(backupDir, { recursive: true, force: true });
});

test('an owner sees the banner once the WAL archive fails, and not before', async ({ browser }) => {
  test.setTimeout(180_000);
  await server.start();
  const context = await browser.newContext({ baseURL: server.baseUrl, colorScheme: 'light', reducedMotion: 'reduce', viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.goto('/auth');
  await page.getByLabel('Usuario').fill(server.admin.username);
  await page.getByLabel('Contraseña').fill(server.admin.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/$/);
  const status = async () => (await (await page.request.get('/api/backups')).json()) as BackupStatus;

  await expect.poll(async () => (await status()).lastBaseBackupAt, { timeout: 60_000 }).not.toBeNull();
  expect(await status()).toMatchObject({ enabled: true, maxLossSeconds: 5, problem: null });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Copias de seguridad' })).toHaveCount(0);

  // The archive's disk goes away: its folder becomes a file the server cannot write into.
  rmSync(path.join(backupDir, 'wal'), { recursive: true, force: true });
  writeFileSync(path.join(backupDir, 'wal'), 'not a folder');
  // Something written, then its WAL segment finished: the server tries to archive it.
  await server.query(`CREATE TABLE backup_probe (x integer)`);
  await server.query(`DROP TABLE backup_probe`);
  await server.query(`SELECT pg_switch_wal()`);
  await expect.poll(async () => (await status()).problem, { timeout: 60_000 }).toMatch(/no puede archivar/);

  await page.reload();
  const banner = page.getByRole('alert').filter({ hasText: 'Copias de seguridad' });
  await expect(banner).toContainText(BANNER);
  expect(await seriousViolations(page, 'light backup banner')).toEqual([]);
  await docsScreenshot(page, 'backup-banner-desktop');
  // On a phone it wraps under the folded header, and in dark it keeps its contrast.
  await page.setViewportSize({ width: 390, height: 900 });
  await expect(banner).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // A 390 px phone at 200 % zoom: 195 CSS pixels, still no sideways scroll.
  await page.setViewportSize({ width: 195, height: 900 });
  await expect(banner).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(195);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await seriousViolations(page, 'dark backup banner')).toEqual([]);
  await context.close();
});
