import { parseArgs } from 'node:util';
import { OPS_PERMISSIONS, type OpsPermission } from '../../contract';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { createRepositories, unitOfWork } from '../db/unitOfWork';
import type { Actor } from '../domain/audit';
import { addOperator, listOperators, type OperatorDeps, removeOperator } from '../domain/operators';
import { normalizeChinaMobile } from '../domain/phone';
import { AppError } from '../errors';
import { prepareDatabase } from '../plugins/database';

export const OPERATOR_USAGE = `Usage:
  npm run operator -- add <phone> [--name <name>] [--permissions <p1,p2,...>]
  npm run operator -- list
  npm run operator -- remove <phone>
Permissions: ${OPS_PERMISSIONS.join(', ')} (add gives all of them unless --permissions says otherwise).
The database is the server's: DATABASE_URL, else the embedded one in DATA_DIR (stop the server first).`;

/** The server's command line in the audit log. */
const COMMAND_LINE: Actor = { id: null, name: 'npm run operator', phone: '', address: 'cli' };

function permissionsFrom(text: string | undefined): OpsPermission[] {
  if (text === undefined) return [...OPS_PERMISSIONS];
  const named = text.split(',').map((p) => p.trim());
  const unknown = named.filter((p) => !(OPS_PERMISSIONS as readonly string[]).includes(p));
  if (unknown.length > 0 || named.length === 0) {
    throw new UsageError(
      `Unknown permission: ${unknown.join(', ') || '(none)'}. Choose from ${OPS_PERMISSIONS.join(', ')}.`,
    );
  }
  return named as OpsPermission[];
}

class UsageError extends Error {}

/**
 * `npm run operator -- add|list|remove`: manages operators on the server's own database (PGlite or PostgreSQL),
 * prepared as a start prepares it; every change leaves an audit row naming the command line. Answers the exit code
 * and writes what it did (or why not) through `write`.
 */
export async function operatorCommand(
  args: string[],
  options: {
    config: Pick<Config, 'demoData' | 'publicUrl' | 'port'>;
    open: () => Promise<Database>;
    now?: () => Date;
    write: (line: string) => void;
  },
): Promise<number> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { name: { type: 'string' }, permissions: { type: 'string' } },
    });
  } catch (error) {
    options.write(`${(error as Error).message}\n${OPERATOR_USAGE}`);
    return 2;
  }
  const [command, phoneText, ...extra] = parsed.positionals;
  const needsPhone = command === 'add' || command === 'remove';
  if (
    !command ||
    !['add', 'list', 'remove'].includes(command) ||
    (needsPhone ? !phoneText || extra.length > 0 : phoneText)
  ) {
    options.write(OPERATOR_USAGE);
    return 2;
  }

  const database = await options.open();
  try {
    await prepareDatabase(database, options.config);
    const repos = createRepositories(database.db);
    const deps: OperatorDeps = { repos, uow: unitOfWork(database.db), now: options.now ?? (() => new Date()) };
    if (command === 'list') {
      const operators = await listOperators(deps);
      if (operators.length === 0)
        options.write('No operators yet. Add the first: npm run operator -- add <phone> --name <name>');
      for (const operator of operators) {
        options.write(
          `${operator.phone}  ${operator.name}  ${operator.permissions.join(',')}  last login ${operator.lastLoginAt ?? 'never'}`,
        );
      }
      return 0;
    }
    const phone = normalizeChinaMobile(phoneText ?? '');
    if (command === 'add') {
      const name = typeof parsed.values.name === 'string' ? parsed.values.name.trim() : '';
      const permissions = permissionsFrom(parsed.values.permissions as string | undefined);
      const operator = await addOperator(deps, COMMAND_LINE, { phone, name: name || phone, permissions });
      const base = options.config.publicUrl ?? `http://localhost:${options.config.port}`;
      options.write(`Added operator ${operator.phone} (${operator.name}) with ${operator.permissions.join(', ')}.`);
      options.write(`They log in at ${base}/ops/login with this phone and the SMS code.`);
      return 0;
    }
    const operator = await repos.operators.byPhone(phone);
    if (!operator) {
      options.write(`${phone} is not an operator; nothing changed.`);
      return 1;
    }
    await removeOperator(deps, COMMAND_LINE, operator.operator.userId);
    options.write(`Removed operator ${phone} (${operator.name}); their sessions have ended.`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      options.write(error.message);
      return 2;
    }
    if (error instanceof AppError) {
      options.write(`${error.message}${error.code === 'OPERATOR_EXISTS' ? ' Nothing changed.' : ''}`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}
