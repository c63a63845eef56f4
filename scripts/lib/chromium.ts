/** Debian's Chromium (`apt-get install chromium`); the tests and benchmarks never download a browser. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * How the tests and benchmarks start it: in a container (no sandbox, no GPU) on a closed network, so nothing of its
 * own (updates, sync, field trials, QUIC probes) goes looking for the internet or adds requests to a measurement.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
