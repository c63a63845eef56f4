import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

const SERVER = import.meta.dirname;
/** The one module allowed to write `exams.seats_taken`. */
const SEATS_REPOSITORY = path.join('db', 'repositories', 'seats.ts');

/** Ways a statement writes the column: raw SQL (SET or INSERT column list) and drizzle's set/values objects. */
const SEAT_WRITES = [
  /\bseats_taken\s*=(?!=)/,
  /\bINSERT\s+INTO\s+exams\s*\([^)]*\bseats_taken\b/i,
  /\.set\(\s*\{[^}]*\bseatsTaken\s*:/,
  /\.values\(\s*\{[^}]*\bseatsTaken\s*:/,
];

/** Every source file under server/, tests aside (their fixtures set up exams as they need them). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Where `text` matches one of `patterns`: one "file:line" per match. */
function matchesIn(patterns: RegExp[], file: string, text: string): string[] {
  return patterns.flatMap((pattern) => {
    const found = new RegExp(pattern.source, `${pattern.flags}g`);
    return [...text.matchAll(found)].map((m) => `${file}:${text.slice(0, m.index).split('\n').length}`);
  });
}

/** Where `text` writes seats taken. */
function seatWritesIn(file: string, text: string): string[] {
  return matchesIn(SEAT_WRITES, file, text);
}

/** The "file:line" of every match of `patterns` in the source files under server/`dir`. */
function offendersIn(dir: string, patterns: RegExp[]): string[] {
  return sourceFiles(path.join(SERVER, dir)).flatMap((file) =>
    matchesIn(patterns, path.relative(process.cwd(), file), readFileSync(file, 'utf8')),
  );
}

/** A repository that opens or owns a transaction (the domain runs one through its UnitOfWork instead). */
const REPOSITORY_TRANSACTION = [/\btransaction\s*[(:]/];
/** A route URL built in the domain (it asks its Links port, server/http/links.ts). */
const DOMAIN_ROUTE_URL = [/\/api\//];
/** A repository's type inferred in the domain (domain/ports.ts declares it). */
const INFERRED_REPOSITORY = [/ReturnType<\s*(?:typeof\s+\w*(?:Repository|Queries)\b|\w*Repositor(?:y|ies)\s*\[)/];

test('seats taken are written by the seats repository only', () => {
  const offenders = sourceFiles(SERVER)
    .filter((file) => path.relative(SERVER, file) !== SEATS_REPOSITORY)
    .flatMap((file) => seatWritesIn(path.relative(process.cwd(), file), readFileSync(file, 'utf8')));
  assert.deepEqual(
    offenders,
    [],
    `exams.seats_taken is written outside server/${SEATS_REPOSITORY} (take, release or resize seats through it): ${offenders.join(', ')}`,
  );
});

test('the check sees each way of writing the column', () => {
  const writes = [
    'db.update(exams).set({ seatsTaken: sql`0` })',
    'db.update(exams)\n  .set({\n    status: x,\n    seatsTaken: 3 })',
    'sql`UPDATE exams SET seats_taken = seats_taken - 1`',
    'sql`INSERT INTO exams (id, seats_taken) VALUES (1, 0)`',
    'db.insert(exams).values({ id, seatsTaken: 2 })',
  ];
  for (const text of writes) assert.equal(seatWritesIn('x.ts', text).length > 0, true, text);
  const reads = [
    'where(lt(exams.seatsTaken, exams.capacity))',
    'seats_taken <= capacity',
    '{ seatsTaken: exam.seatsTaken }',
  ];
  for (const text of reads) assert.deepEqual(seatWritesIn('x.ts', text), [], text);
});

/** A module specifier that reaches up into the front end's src/, in `from '…'` or `import('…')`. */
const FRONT_END_IMPORT = /(\bfrom\s*|\bimport\s*\(\s*)['"](\.\.\/)+src\//;

test('the server imports nothing from the front end (src/): what both need lives in contract/', () => {
  const offenders = sourceFiles(SERVER).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (FRONT_END_IMPORT.test(line) ? [`${path.relative(process.cwd(), file)}:${i + 1}`] : [])),
  );
  assert.deepEqual(offenders, [], `server/ imports from src/: ${offenders.join(', ')}`);
});

test('the front-end import check sees single-line, multi-line and dynamic imports', () => {
  for (const line of [
    "import { pickText } from '../../src/utils/format';",
    "} from '../src/constants';",
    "const format = await import('../../src/utils/format');",
  ]) {
    assert.equal(FRONT_END_IMPORT.test(line), true, line);
  }
  assert.equal(FRONT_END_IMPORT.test("import { pickText } from '../../contract/format';"), false);
});

test('repositories neither open nor own a transaction: the domain runs its unit of work', () => {
  const offenders = offendersIn(path.join('db', 'repositories'), REPOSITORY_TRANSACTION);
  assert.deepEqual(
    offenders,
    [],
    `a repository opens or owns a transaction; run the statements in uow.run(tx => ...) instead: ${offenders.join(', ')}`,
  );
});

test('the domain builds no route URL', () => {
  const offenders = offendersIn('domain', DOMAIN_ROUTE_URL);
  assert.deepEqual(
    offenders,
    [],
    `an /api/ path in server/domain; ask deps.links (ports.ts Links): ${offenders.join(', ')}`,
  );
});

test("the domain declares its repositories' types rather than inferring them", () => {
  const offenders = offendersIn('domain', INFERRED_REPOSITORY);
  assert.deepEqual(
    offenders,
    [],
    `a repository type inferred in server/domain; declare it in server/domain/ports.ts: ${offenders.join(', ')}`,
  );
});

test('the layering checks see what they look for', () => {
  const caught = (patterns: RegExp[], text: string) => matchesIn(patterns, 'x.ts', text).length > 0;
  for (const text of [
    'return db.transaction(async (tx) => {',
    '  transaction: (work) => run(work),',
    'transaction(work) {',
  ])
    assert.equal(caught(REPOSITORY_TRANSACTION, text), true, text);
  assert.equal(caught(REPOSITORY_TRANSACTION, '// one statement, so no transaction is needed'), false);
  assert.equal(caught(DOMAIN_ROUTE_URL, "return base + '/api/pay/' + name + '/notify';"), true);
  for (const text of [
    'users: ReturnType<typeof usersRepository>;',
    "type Row = Awaited<ReturnType<CenterRepository['roster']>>;",
    "type Facts = Awaited<ReturnType<Repositories['exams']['examFacts']>>;",
  ])
    assert.equal(caught(INFERRED_REPOSITORY, text), true, text);
  assert.equal(caught(INFERRED_REPOSITORY, 'export type TicketSigner = ReturnType<typeof createTicketSigner>;'), false);
});
