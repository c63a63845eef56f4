import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { ENV_VARS } from '../../server/config';

const ROOT = join(__dirname, '..', '..');

it('README documents every environment variable the server reads', () => {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const missing = ENV_VARS.map((v) => v.name).filter((name) => !readme.includes(`\`${name}\``));
  assert.deepEqual(missing, []);
});
