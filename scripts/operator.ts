/**
 * `npm run operator -- add <phone> [--name <name>]`, `list`, `remove <phone>`: the platform's operators, on the
 * server's database (server/cli/operator.ts says how). This is how a deployment gets its first operator.
 */
import { operatorCommand } from '../server/cli/operator';
import { ConfigError, loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';

async function run(): Promise<void> {
  try {
    const config = loadConfig();
    const code = await operatorCommand(process.argv.slice(2), {
      config,
      open: () => openDatabase(config),
      write: (line) => process.stdout.write(`${line}\n`),
    });
    process.exit(code);
  } catch (error) {
    const message = error instanceof ConfigError ? `Configuration error: ${error.message}` : String(error);
    process.stderr.write(`${message}\n`);
    process.exit(1);
  }
}

void run();
