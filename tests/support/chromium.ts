import { existsSync } from 'node:fs';
import { aptInstall } from './debian-packages';

/** Debian's `chromium` package, or another full browser. */
const FULL_BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
/** Debian's `chromium-headless-shell` package: the same Blink and V8, without the browser around them. */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const DEBIAN_PACKAGES = 'chromium chromium-headless-shell';

/** Flags that keep Chromium from calling hosts this machine cannot reach, and let it run as root. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/**
 * The full browser, as players and kiosks run it: for what only the browser does (installing an
 * app) and for the benchmarks. `CHROMIUM_PATH` when set.
 */
export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return FULL_BROWSERS.find((candidate) => existsSync(candidate));
}

/**
 * The browser the browser tests drive: `CHROMIUM_PATH` when set; otherwise the headless shell
 * where it is installed (it renders, stores and runs service workers as the browser does, for
 * about a fifth less CPU over the suite), else the full browser.
 */
export function findTestChromium(): string | undefined {
  if (!process.env.CHROMIUM_PATH && existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  return findChromium();
}

/**
 * Debian's Chromium and its headless shell for the tests (Playwright's own browser downloads are
 * not used). Installed with apt when missing and the user is root; otherwise says exactly what to
 * install. Returns the full browser.
 */
export function ensureChromium(): string {
  const found = findChromium();
  if (process.env.CHROMIUM_PATH) {
    if (found) return found;
    throw new Error(`CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, but no file is there.`);
  }
  if (found && existsSync(HEADLESS_SHELL)) return found;
  if (process.getuid?.() !== 0) {
    if (found) return found; // the tests fall back to the full browser
    throw new Error(
      `The browser tests need Chromium. Install it with \`sudo apt-get install -y ${DEBIAN_PACKAGES}\` (Debian/Ubuntu), ` +
        'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    );
  }
  console.log(`Installing Debian's ${DEBIAN_PACKAGES} for the browser tests…`);
  aptInstall(DEBIAN_PACKAGES);
  const installed = findChromium();
  if (!installed) throw new Error('apt-get installed chromium, but no binary was found at /usr/bin/chromium.');
  return installed;
}
