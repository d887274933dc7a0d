import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

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

export function findChromium(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : undefined;
  return CANDIDATES.find((candidate) => existsSync(candidate));
}

/**
 * Debian's Chromium for the browser tests (Playwright's own browser downloads are not used).
 * Installed with apt when missing and the user is root; otherwise says exactly what to install.
 */
export function ensureChromium(): string {
  const found = findChromium();
  if (found) return found;
  if (process.env.CHROMIUM_PATH) {
    throw new Error(`CHROMIUM_PATH is set to ${process.env.CHROMIUM_PATH}, but no file is there.`);
  }
  if (process.getuid?.() !== 0) {
    throw new Error(
      'The browser tests need Chromium. Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu), ' +
        'or point CHROMIUM_PATH at a Chromium or Chrome binary.',
    );
  }
  console.log('Chromium is missing: installing Debian\'s chromium package…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
  const installed = findChromium();
  if (!installed) throw new Error('apt-get installed chromium, but no binary was found at /usr/bin/chromium.');
  return installed;
}
