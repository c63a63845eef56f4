import { spawn } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

/** Runs a command in the repository, showing its output as it comes and returning it whole. */
export function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env } });
    let output = '';
    const tee = (stream: NodeJS.WriteStream) => (chunk: Buffer) => {
      output += chunk.toString();
      stream.write(chunk);
    };
    child.stdout.on('data', tee(process.stdout));
    child.stderr.on('data', tee(process.stderr));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Counts from node's test runner summaries (`# pass N` in TAP, `ℹ pass N` in the spec reporter), summed. */
export function nodeRunnerCounts(output: string): Counts {
  const sum = (word: string) =>
    [...output.matchAll(new RegExp(`^(?:#|ℹ) ${word} (\\d+)$`, 'gm'))].reduce((n, m) => n + Number(m[1]), 0);
  return { passed: sum('pass'), failed: sum('fail') + sum('cancelled'), skipped: sum('skipped') + sum('todo') };
}

/**
 * `node --import tsx --test` over the given files (Node 20's runner takes files, not folders), `concurrency` files at
 * once (node's default is one fewer than the cores: one at a time on a 2-core machine).
 */
export async function runNodeTests(
  files: string[],
  env: NodeJS.ProcessEnv = {},
  concurrency?: number,
): Promise<Counts & { code: number }> {
  const parallel = concurrency ? [`--test-concurrency=${concurrency}`] : [];
  const { code, output } = await run(process.execPath, ['--import', 'tsx', '--test', ...parallel, ...files], env);
  return { code, ...nodeRunnerCounts(output) };
}
