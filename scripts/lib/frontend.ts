import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
/** What the production bundle is built from; a change to any of these makes dist/ stale. */
const SOURCES = ['src', 'config', 'public', 'contract', '.umirc.ts', 'package-lock.json'];
const GENERATED = new Set(['.umi', '.umi-production', '.umi-test']);

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (GENERATED.has(entry) || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function frontendIsStale(distDir = join(ROOT, 'dist')): boolean {
  const index = join(distDir, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(ROOT, source)) > built);
}

/** Builds the front end with `max build` when dist/ is missing or older than its sources. */
export function ensureFrontendBuilt(): void {
  if (!frontendIsStale()) return;
  console.log('Building the front end (dist/ is missing or stale)...');
  execFileSync(process.execPath, [require.resolve('@umijs/max/bin/max'), 'build'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}
