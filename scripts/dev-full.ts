/**
 * `npm run dev:full`: the real server (embedded database, console SMS) on PORT (8000) and `max dev` with hot reload,
 * proxying /api to it. Ctrl-C stops both.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const apiPort = process.env.PORT ?? '8000';
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

const children = [
  spawn(bin('tsx'), ['watch', join('server', 'main.ts')], { cwd: ROOT, stdio: 'inherit' }),
  spawn(bin('max'), ['dev'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, MOCK: 'none', PORT: process.env.DEV_PORT ?? '8001', API_URL: `http://127.0.0.1:${apiPort}` },
  }),
];

function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
for (const child of children) child.on('exit', stopAll);
