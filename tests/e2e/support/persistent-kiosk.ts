import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, findTestChromium } from '../../support/chromium';
import type { ServerProcess } from './server-process';

/**
 * A tablet-sized kiosk browser whose profile (IndexedDB, service worker, caches) lives in one
 * directory, so a test can close it and launch it again as a kiosk restarted at the booth.
 */
export class PersistentKiosk {
  private readonly profileDir: string;

  constructor(
    private readonly server: Pick<ServerProcess, 'baseUrl'>,
    profilePrefix: string,
  ) {
    this.profileDir = mkdtempSync(path.join(tmpdir(), `${profilePrefix}-`));
  }

  /** Launches the browser on the kept profile; close the context to "switch the tablet off". */
  async launch(): Promise<{ context: BrowserContext; page: Page }> {
    const context = await chromium.launchPersistentContext(this.profileDir, {
      executablePath: findTestChromium(),
      args: CHROMIUM_ARGS,
      baseURL: this.server.baseUrl,
      viewport: { width: 1024, height: 768 },
      locale: 'es-CO',
    });
    const page = context.pages()[0] ?? (await context.newPage());
    return { context, page };
  }
}
