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

/** Where `text` writes seats taken: one "file:line" per match. */
function seatWritesIn(file: string, text: string): string[] {
  return SEAT_WRITES.flatMap((pattern) => {
    const found = new RegExp(pattern.source, `${pattern.flags}g`);
    return [...text.matchAll(found)].map((m) => `${file}:${text.slice(0, m.index).split('\n').length}`);
  });
}

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
