import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { AVATAR_MAX_BYTES, idCardCheckCharacter } from '../../contract';
import {
  createTestApp,
  dataOf,
  envelope,
  loginAs,
  multipart,
  sendJsonText,
  type TestApp,
} from '../../tests/helpers/app';
import { organizations, promotions } from '../db/schema';
import { uuidv7 } from '../ids';

type Auth = { authorization: string };

let t: TestApp;
const orgB = { id: uuidv7(), nameZh: '乙协会', nameEn: 'beta Association' };
const orgA = { id: uuidv7(), nameZh: '甲协会', nameEn: 'Alpha Association' };

/** An ID card number with the right check character: region 110105 (Beijing Chaoyang). */
function idNumber(birth: string, sequence: string): string {
  const first17 = `110105${birth.replaceAll('-', '')}${sequence}`;
  return `${first17}${idCardCheckCharacter(first17)}`;
}

const MALE_ID = idNumber('1990-05-17', '123');

function upload(auth: Auth, file: Buffer, filename = 'me.png', contentType = 'image/png', field = 'file') {
  const body = multipart(file, filename, contentType, field);
  return t.app.inject({
    method: 'POST',
    url: '/api/front/profile/avatar',
    payload: body.payload,
    headers: { ...auth, ...body.headers },
  });
}

function photo(width: number, height: number, format: 'png' | 'jpeg' | 'webp') {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    [format]()
    .toBuffer();
}

async function uploadedAvatarId(auth: Auth): Promise<string> {
  return dataOf('uploadAvatar', await upload(auth, await photo(295, 413, 'png'))).avatarId;
}

function validBody(avatarId: string) {
  return {
    name: '  Zhang San ',
    gender: 'male',
    email: 'zhang@example.com',
    contactPhone: '+86 139-0013-9000',
    address: '1 Chaoyang Road, Beijing',
    idNumber: MALE_ID,
    organizationId: orgA.id,
    invitationCode: 'friend-test',
    dateOfBirth: '1990-05-17',
    provinceCode: '11',
    cityCode: '1101',
    avatarId,
  };
}

function save(auth: Auth, body: unknown) {
  return t.app.inject({ method: 'PUT', url: '/api/front/profile', payload: body as object, headers: auth });
}

async function getProfile(auth: Auth) {
  return dataOf('profile', await t.app.inject({ method: 'GET', url: '/api/front/profile', headers: auth }));
}

async function currentUser(auth: Auth) {
  return dataOf('currentUser', await t.app.inject({ method: 'GET', url: '/api/front/currentUser', headers: auth }));
}

function expectError(response: { statusCode: number }, status: number, code: string) {
  const body = envelope(response as Parameters<typeof envelope>[0]);
  assert.equal(response.statusCode, status, JSON.stringify(body));
  assert.equal(body.success, false);
  assert.equal(body.errorCode, code);
  return body;
}

before(async () => {
  t = await createTestApp();
  await t.database.db.insert(organizations).values([orgB, orgA]);
  const validFrom = new Date(Date.now() - 86_400_000);
  const validUntil = new Date(Date.now() + 365 * 86_400_000);
  await t.database.db.insert(promotions).values([
    { id: uuidv7(), code: 'FRIEND-TEST', kind: 'invitation', discountBps: 500, validFrom, validUntil },
    { id: uuidv7(), code: 'RETIRED', kind: 'invitation', discountBps: 500, active: false, validFrom, validUntil },
  ]);
});

after(async () => {
  await t.close();
});

describe('who may use the profile', () => {
  test('without a token every profile call answers 401', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/front/profile' }), 401, 'UNAUTHORIZED');
    expectError(await save({ authorization: '' }, validBody(uuidv7())), 401, 'UNAUTHORIZED');
    expectError(await upload({ authorization: '' }, await photo(50, 50, 'png')), 401, 'UNAUTHORIZED');
  });

  test('test centers and examiners have no candidate profile: 403', async () => {
    const candidate = await loginAs(t, '13700000001');
    const avatarId = await uploadedAvatarId(candidate);
    for (const [phone, kind] of [
      ['13700000002', 'testCenter'],
      ['13700000003', 'examiner'],
    ] as const) {
      const auth = await loginAs(t, phone, kind);
      expectError(await t.app.inject({ method: 'GET', url: '/api/front/profile', headers: auth }), 403, 'FORBIDDEN');
      expectError(await save(auth, validBody(avatarId)), 403, 'FORBIDDEN');
      expectError(await upload(auth, await photo(50, 50, 'png')), 403, 'FORBIDDEN');
    }
  });

  test('organizations and the ticket public key need no login', async () => {
    const list = dataOf('organizations', await t.app.inject({ method: 'GET', url: '/api/front/organizations' }));
    // The reference organizations every deployment starts with, and the two of this test, by English name.
    assert.deepEqual(
      list.map((o) => o.name.en),
      [
        'Alpha Association',
        'beta Association',
        'China Sports Skills Certification Center',
        'International Language Assessment Alliance',
        'National Arts Grading Committee',
      ],
    );
    assert.deepEqual(list[0]?.name, { zh: '甲协会', en: 'Alpha Association' });
    const key = dataOf('ticketPublicKey', await t.app.inject({ method: 'GET', url: '/api/front/tickets/public-key' }));
    assert.equal(key.jwk.crv, 'Ed25519');
  });
});

describe('reading and saving the profile', () => {
  test('a new candidate has an empty, incomplete profile with the login phone', async () => {
    const profile = await getProfile(await loginAs(t, '13700000010'));
    assert.equal(profile.phone, '+8613700000010');
    assert.equal(profile.complete, false);
    assert.equal(profile.missing.length, 10);
    assert.equal(profile.avatarUrl, null);
  });

  test('a full valid save completes the profile; currentUser shows the name and a 96x96 avatar', async () => {
    const auth = await loginAs(t, '13700000011');
    const avatarId = await uploadedAvatarId(auth);
    const saved = dataOf('saveProfile', await save(auth, validBody(avatarId)));
    assert.equal(saved.complete, true);
    assert.deepEqual(saved.missing, []);
    assert.equal(saved.name, 'Zhang San');
    assert.equal(saved.contactPhone, '+8613900139000');
    // The code is stored as the operator spelled it, whatever case the candidate typed.
    assert.equal(saved.invitationCode, 'FRIEND-TEST');
    assert.equal(saved.organizationId, orgA.id);
    assert.deepEqual(await getProfile(auth), saved);

    const user = await currentUser(auth);
    assert.equal(user.name, 'Zhang San');
    assert.equal(user.avatar_small, saved.avatar_small);
    const small = await t.app.inject({ method: 'GET', url: user.avatar_small ?? '' });
    assert.equal(small.statusCode, 200);
    assert.equal(small.headers['content-type'], 'image/webp');
    assert.match(String(small.headers['cache-control']), /immutable/);
    assert.equal(small.headers['x-content-type-options'], 'nosniff');
    const meta = await sharp(small.rawPayload).metadata();
    assert.deepEqual([meta.width, meta.height], [96, 96]);
  });

  test('organization and invitation code are optional', async () => {
    const auth = await loginAs(t, '13700000012');
    const { organizationId: _o, invitationCode: _i, ...rest } = validBody(await uploadedAvatarId(auth));
    const saved = dataOf('saveProfile', await save(auth, rest));
    assert.equal(saved.complete, true);
    assert.equal(saved.organizationId, null);
    assert.equal(saved.invitationCode, '');
  });

  test('a retired organization stays on the profile that names it, named so it reads; no one chooses it anew', async () => {
    const academy = { id: uuidv7(), nameZh: '旧学院', nameEn: 'Old Academy' };
    await t.database.db.insert(organizations).values(academy);
    const member = await loginAs(t, '13700000090');
    const body = { ...validBody(await uploadedAvatarId(member)), organizationId: academy.id };
    assert.equal(dataOf('saveProfile', await save(member, body)).retiredOrganization, null);
    await t.database.db.update(organizations).set({ retiredAt: new Date() }).where(eq(organizations.id, academy.id));

    const kept = await getProfile(member);
    assert.equal(kept.organizationId, academy.id);
    assert.deepEqual(kept.retiredOrganization, { id: academy.id, name: { zh: '旧学院', en: 'Old Academy' } });
    const offered = dataOf('organizations', await t.app.inject({ url: '/api/front/organizations' }));
    assert.ok(!offered.some((o) => o.id === academy.id));
    const resaved = dataOf('saveProfile', await save(member, { ...body, address: '2 Chaoyang Road, Beijing' }));
    assert.deepEqual([resaved.organizationId, resaved.address], [academy.id, '2 Chaoyang Road, Beijing']);

    const newcomer = await loginAs(t, '13700000091');
    const choice = { ...validBody(await uploadedAvatarId(newcomer)), organizationId: academy.id };
    expectError(await save(newcomer, choice), 400, 'ORGANIZATION_RETIRED');
    assert.equal((await getProfile(newcomer)).complete, false, 'nothing was saved');
  });

  test('malformed JSON, wrong types, missing and unknown fields answer 400 with the fields named', async () => {
    const auth = await loginAs(t, '13700000013');
    const malformed = await sendJsonText(t, 'PUT', '/api/front/profile', auth, '{"name": "Zhang"');
    expectError(malformed, 400, 'MALFORMED_JSON');

    const avatarId = await uploadedAvatarId(auth);
    const wrongTypes = expectError(
      await save(auth, { ...validBody(avatarId), name: 42, gender: 'other', dateOfBirth: '17/05/1990' }),
      400,
      'VALIDATION_FAILED',
    );
    assert.deepEqual(wrongTypes.details?.map((d) => d.path).sort(), ['dateOfBirth', 'gender', 'name']);

    const { email: _e, address: _a, ...missing } = validBody(avatarId);
    const missingBody = expectError(await save(auth, missing), 400, 'VALIDATION_FAILED');
    assert.deepEqual(missingBody.details?.map((d) => d.path).sort(), ['address', 'email']);

    expectError(await save(auth, { ...validBody(avatarId), role: 'admin' }), 400, 'VALIDATION_FAILED');
    expectError(await save(auth, { ...validBody(avatarId), name: '   ' }), 400, 'VALIDATION_FAILED');
    assert.equal((await getProfile(auth)).complete, false);
  });

  test('a wrong ID check character answers ID_CARD_INVALID', async () => {
    const auth = await loginAs(t, '13700000014');
    const avatarId = await uploadedAvatarId(auth);
    const wrongCheck = `${MALE_ID.slice(0, 17)}${MALE_ID[17] === '0' ? '1' : '0'}`;
    const body = expectError(
      await save(auth, { ...validBody(avatarId), idNumber: wrongCheck }),
      400,
      'ID_CARD_INVALID',
    );
    assert.deepEqual(
      body.details?.map((d) => d.path),
      ['idNumber'],
    );
    // With other problems too, the generic code still names idNumber among the fields.
    const mixed = expectError(
      await save(auth, { ...validBody(avatarId), idNumber: wrongCheck, email: 'nope' }),
      400,
      'VALIDATION_FAILED',
    );
    assert.ok(mixed.details?.some((d) => d.path === 'idNumber' && d.message === 'ID_CARD_INVALID'));
  });

  test('the date of birth and gender must agree with the ID card number', async () => {
    const auth = await loginAs(t, '13700000015');
    const avatarId = await uploadedAvatarId(auth);
    expectError(await save(auth, { ...validBody(avatarId), dateOfBirth: '1990-05-18' }), 400, 'ID_CARD_BIRTH_MISMATCH');
    const gender = expectError(
      await save(auth, { ...validBody(avatarId), gender: 'female' }),
      400,
      'VALIDATION_FAILED',
    );
    assert.deepEqual(
      gender.details?.map((d) => d.path),
      ['gender'],
    );
    // A lower-case x check character is the same number.
    const femaleX = idNumber('1949-12-31', '002');
    assert.equal(femaleX, '11010519491231002X');
    const saved = dataOf(
      'saveProfile',
      await save(auth, {
        ...validBody(avatarId),
        idNumber: femaleX.toLowerCase(),
        gender: 'female',
        dateOfBirth: '1949-12-31',
      }),
    );
    assert.equal(saved.idNumber, femaleX);
  });

  test('references must exist: city of the province, organization, contact phone', async () => {
    const auth = await loginAs(t, '13700000016');
    const avatarId = await uploadedAvatarId(auth);
    // 4403 is Shenzhen, in Guangdong (44), not Beijing (11).
    expectError(await save(auth, { ...validBody(avatarId), cityCode: '4403' }), 400, 'CITY_INVALID');
    expectError(await save(auth, { ...validBody(avatarId), organizationId: uuidv7() }), 400, 'ORGANIZATION_INVALID');
    expectError(await save(auth, { ...validBody(avatarId), contactPhone: '010-12345678' }), 400, 'PHONE_INVALID');
    assert.equal((await getProfile(auth)).complete, false);
  });

  test('an unknown or retired invitation code changes nothing', async () => {
    const auth = await loginAs(t, '13700000017');
    const avatarId = await uploadedAvatarId(auth);
    const before = dataOf('saveProfile', await save(auth, validBody(avatarId)));
    for (const invitationCode of ['NO-SUCH-CODE', 'RETIRED']) {
      const attempt = { ...validBody(avatarId), name: 'Li Si', address: 'Elsewhere', invitationCode };
      expectError(await save(auth, attempt), 400, 'INVITATION_CODE_INVALID');
    }
    assert.deepEqual(await getProfile(auth), before);
    assert.equal((await currentUser(auth)).name, 'Zhang San');
  });

  test("someone else's avatar id answers 404 and changes nothing", async () => {
    const owner = await loginAs(t, '13700000018');
    const theirs = await uploadedAvatarId(owner);
    const auth = await loginAs(t, '13700000019');
    expectError(await save(auth, validBody(theirs)), 404, 'NOT_FOUND');
    expectError(await save(auth, validBody(uuidv7())), 404, 'NOT_FOUND');
    const profile = await getProfile(auth);
    assert.equal(profile.avatarId, null);
    assert.equal((await currentUser(auth)).avatar_small, null);
  });
});

describe('avatar upload', () => {
  let auth: Auth;
  before(async () => {
    auth = await loginAs(t, '13700000030');
  });

  test('a PNG is stored at most 512 px on the long side and as a 96x96 square', async () => {
    const answer = dataOf('uploadAvatar', await upload(auth, await photo(800, 1200, 'png')));
    const image = await t.app.inject({ method: 'GET', url: answer.avatarUrl });
    assert.equal(image.statusCode, 200);
    assert.equal(image.headers['content-type'], 'image/webp');
    const meta = await sharp(image.rawPayload).metadata();
    assert.deepEqual([meta.width, meta.height], [341, 512]);
    const small = await sharp((await t.app.inject({ method: 'GET', url: answer.avatar_small })).rawPayload).metadata();
    assert.deepEqual([small.width, small.height], [96, 96]);
  });

  test('the content decides the type: a PNG named .jpg and a JPEG without a type are accepted', async () => {
    const renamed = await upload(auth, await photo(320, 448, 'png'), 'photo.jpg', 'image/jpeg');
    assert.ok(dataOf('uploadAvatar', renamed).avatarId);
    const jpeg = await upload(auth, await photo(320, 448, 'jpeg'), 'photo', 'application/octet-stream');
    assert.ok(dataOf('uploadAvatar', jpeg).avatarId);
  });

  test('an ID photo is a JPEG or PNG: a WebP or GIF is IMAGE_INVALID whatever its name says', async () => {
    // WebP was accepted for the avatar before the photo became the ticket's ID photo (issue 15: jpg or png).
    const webp = await upload(auth, await photo(320, 448, 'webp'), 'photo.png', 'image/png');
    expectError(webp, 400, 'IMAGE_INVALID');
    const gif = await sharp({ create: { width: 320, height: 448, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expectError(await upload(auth, gif, 'photo.jpg', 'image/jpeg'), 400, 'IMAGE_INVALID');
  });

  test('at least 295 x 413 px: one pixel less either way is IMAGE_TOO_SMALL, exactly that is accepted', async () => {
    expectError(await upload(auth, await photo(294, 413, 'png')), 400, 'IMAGE_TOO_SMALL');
    expectError(await upload(auth, await photo(295, 412, 'jpeg')), 400, 'IMAGE_TOO_SMALL');
    const exact = dataOf('uploadAvatar', await upload(auth, await photo(295, 413, 'jpeg')));
    const stored = await sharp((await t.app.inject({ method: 'GET', url: exact.avatarUrl })).rawPayload).metadata();
    assert.deepEqual([stored.width, stored.height], [295, 413]);
  });

  test('portrait only: a square or landscape photo large enough is IMAGE_NOT_PORTRAIT', async () => {
    expectError(await upload(auth, await photo(600, 600, 'png')), 400, 'IMAGE_NOT_PORTRAIT');
    expectError(await upload(auth, await photo(800, 600, 'jpeg')), 400, 'IMAGE_NOT_PORTRAIT');
  });

  test('text named .png, an SVG, and a corrupt PNG are IMAGE_INVALID', async () => {
    expectError(await upload(auth, Buffer.from('just some text'), 'me.png', 'image/png'), 400, 'IMAGE_INVALID');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    expectError(await upload(auth, svg, 'me.svg', 'image/svg+xml'), 400, 'IMAGE_INVALID');
    const png = await photo(200, 200, 'png');
    expectError(await upload(auth, png.subarray(0, 60)), 400, 'IMAGE_INVALID');
  });

  test('EXIF orientation is applied (the rules judge the upright photo) and metadata stripped', async () => {
    // Stored 500x350 with orientation 6 (rotate 90 degrees clockwise to view): upright it is 350x500, a portrait.
    const rotated = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#336699' } })
        .jpeg()
        .withMetadata({ orientation: 6 })
        .toBuffer();
    const landscapeStored = await rotated(500, 350);
    assert.equal((await sharp(landscapeStored).metadata()).orientation, 6);
    const answer = dataOf('uploadAvatar', await upload(auth, landscapeStored, 'me.jpg', 'image/jpeg'));
    const stored = await sharp((await t.app.inject({ method: 'GET', url: answer.avatarUrl })).rawPayload).metadata();
    assert.deepEqual([stored.width, stored.height], [350, 500]);
    assert.equal(stored.exif, undefined);
    assert.equal(stored.orientation, undefined);
    // Stored as a portrait but shown turned: a landscape to whoever looks at it.
    expectError(await upload(auth, await rotated(450, 600), 'me.jpg', 'image/jpeg'), 400, 'IMAGE_NOT_PORTRAIT');
  });

  test('2 MB is the limit: one byte more answers 413 IMAGE_TOO_LARGE', async () => {
    const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const exactly = Buffer.concat([signature, Buffer.alloc(AVATAR_MAX_BYTES - signature.length, 1)]);
    // Within the limit the bytes are read and judged as an image (this one is not).
    expectError(await upload(auth, exactly), 400, 'IMAGE_INVALID');
    expectError(await upload(auth, Buffer.concat([exactly, Buffer.from([1])])), 413, 'IMAGE_TOO_LARGE');
  });

  test('a request that is not multipart, or has no file field, gets a clean 4xx', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/front/profile/avatar',
      payload: { file: 'x' },
      headers: auth,
    });
    expectError(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const wrongField = await upload(auth, await photo(20, 20, 'png'), 'me.png', 'image/png', 'avatar');
    expectError(wrongField, 400, 'VALIDATION_FAILED');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/front/profile/avatar',
      payload: '--x\r\nContent-Disposition: form-da',
      headers: { ...auth, 'content-type': 'multipart/form-data; boundary=x' },
    });
    expectError(broken, 400, 'VALIDATION_FAILED');
  });

  test('an upload changes nothing until a save names it', async () => {
    const owner = await loginAs(t, '13700000031');
    const first = await uploadedAvatarId(owner);
    const saved = dataOf('saveProfile', await save(owner, validBody(first)));
    const second = await uploadedAvatarId(owner);
    assert.notEqual(second, first);
    assert.equal((await getProfile(owner)).avatarId, first);
    assert.equal((await currentUser(owner)).avatar_small, saved.avatar_small);
  });

  test('an unknown or malformed avatar id answers the 404 envelope', async () => {
    expectError(await t.app.inject({ method: 'GET', url: `/api/front/avatars/${uuidv7()}` }), 404, 'NOT_FOUND');
    expectError(await t.app.inject({ method: 'GET', url: `/api/front/avatars/${uuidv7()}/small` }), 404, 'NOT_FOUND');
    expectError(await t.app.inject({ method: 'GET', url: '/api/front/avatars/1' }), 404, 'NOT_FOUND');
  });
});
