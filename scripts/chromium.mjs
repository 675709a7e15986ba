// Where the system Chromium is. Playwright's own browser download cannot work on these
// machines, so tests and benchmarks drive the Debian package (or CHROMIUM_PATH).
import { existsSync } from 'node:fs';

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  return candidates.find((path) => path && existsSync(path)) ?? null;
}

// Flags for a headless Chromium on a machine with no network but loopback: without the
// background-networking ones it keeps trying (and failing) to reach Google's hosts.
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
