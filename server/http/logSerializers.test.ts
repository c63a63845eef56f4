import assert from 'node:assert/strict';
import { test } from 'node:test';
import { sql } from 'drizzle-orm';
import { idCardCheckCharacter } from '../../contract';
import { createTestApp, dataOf, loginAs, multipart } from '../../tests/helpers/app';
import { png } from '../../tests/helpers/center';
import { uuidv7 } from '../ids';

const first17 = '11010519870412345';
const ID_NUMBER = `${first17}${idCardCheckCharacter(first17)}`;
const CONTACT_PHONE = '13712345678';
const EMAIL = 'li.si.private@example.com';

test('a database error is logged with its query shape and SQLSTATE, never with the values it was given', async () => {
  const lines: string[] = [];
  const t = await createTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => lines.push(line) } });
  try {
    const auth = await loginAs(t, '13900000901');
    const upload = multipart(await png(295, 413), 'me.png', 'image/png');
    const avatar = dataOf(
      'uploadAvatar',
      await t.app.inject({
        method: 'POST',
        url: '/api/front/profile/avatar',
        payload: upload.payload,
        headers: { ...auth, ...upload.headers },
      }),
    );
    // From here on no profile can be written: the insert fails inside the database, as a real fault would.
    await t.database.db.execute(sql`alter table profiles add constraint no_new_profiles check (false) not valid`);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/front/profile',
      headers: auth,
      payload: {
        name: '李四',
        gender: 'male',
        email: EMAIL,
        contactPhone: CONTACT_PHONE,
        address: '北京市朝阳区建国路 1 号',
        idNumber: ID_NUMBER,
        dateOfBirth: '1987-04-12',
        provinceCode: '11',
        cityCode: '1101',
        avatarId: avatar.avatarId,
      },
    });
    assert.equal(res.statusCode, 500);
    // A look-up by ID number puts it in the URL: the request line keeps the parameter's name only.
    await t.app.inject({ url: `/api/examiner/exams/${uuidv7()}/candidates?q=${ID_NUMBER}` });

    const log = lines.join('');
    for (const secret of [ID_NUMBER, CONTACT_PHONE, EMAIL, '李四']) assert.ok(!log.includes(secret), `no ${secret}`);
    const errorLine = lines.map((line) => JSON.parse(line)).find((entry) => entry.level === 50);
    assert.ok(errorLine, 'the failure is logged');
    assert.match(errorLine.err.query, /^insert into "profiles"/);
    assert.equal(errorLine.err.cause.sqlState, '23514');
    assert.equal(errorLine.err.cause.constraint, 'no_new_profiles');
    assert.match(errorLine.err.cause.message, /violates check constraint/);
    assert.match(errorLine.err.stack, /\n\s+at /, 'the stack stays');
    assert.match(log, /candidates\?q=…/);
  } finally {
    await t.close();
  }
});
