/**
 * How Debian's Chromium runs headless here, for the browser tests, the screenshots and the benchmarks: no sandbox
 * (root in CI), no GPU, and nothing that reaches out on its own (updates, sync, background networking), which this
 * machine's closed network would only refuse.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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
