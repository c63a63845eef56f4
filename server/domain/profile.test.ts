import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import sharp from 'sharp';
import {
  idCardBirthDate,
  idCardCheckCharacter,
  idCardGender,
  isValidIdCard,
  maskIdCard,
  REQUIRED_PROFILE_FIELDS,
} from '../../contract';
import { AppError } from '../errors';
import { detectImageType, processAvatar } from './avatar';
import { missingProfileFields } from './profile';

describe('ID card numbers (GB 11643)', () => {
  test('valid numbers, including the X check character and a lower-case x', () => {
    // The standard's own examples.
    assert.equal(isValidIdCard('11010519491231002X'), true);
    assert.equal(isValidIdCard('11010519491231002x'), true);
    assert.equal(isValidIdCard(' 440524188001010014 '), true);
  });

  test('a wrong check character is refused', () => {
    assert.equal(isValidIdCard('110105194912310021'), false);
    assert.equal(isValidIdCard('440524188001010015'), false);
    assert.equal(isValidIdCard('44052418800101001X'), false);
  });

  test('impossible birth dates are refused even with the right check character', () => {
    for (const date of ['19990230', '19990431', '19991301', '19990000', '19000229']) {
      const first17 = `110105${date}001`;
      assert.equal(isValidIdCard(`${first17}${idCardCheckCharacter(first17)}`), false, date);
    }
    // 2000 was a leap year.
    const leap = '11010520000229001';
    assert.equal(isValidIdCard(`${leap}${idCardCheckCharacter(leap)}`), true);
  });

  test('wrong lengths and characters are refused', () => {
    for (const input of ['', '11010519491231002', '11010519491231002X1', '1101051949123100AX', '11010519491231X02X']) {
      assert.equal(isValidIdCard(input), false, input);
    }
  });

  test('birth date and gender come from the number', () => {
    assert.equal(idCardBirthDate('11010519491231002X'), '1949-12-31');
    assert.equal(idCardBirthDate('110105199902300012'), undefined);
    assert.equal(idCardGender('11010519491231002X'), 'female');
    assert.equal(idCardGender('440524188001010014'), 'male');
  });

  test('masking shows the region and the last four characters only', () => {
    assert.equal(maskIdCard('11010519491231002X'), '110105********002X');
    assert.equal(maskIdCard('12345'), '*****');
  });
});

describe('profile completeness', () => {
  test('with no saved profile every required field is missing', () => {
    assert.deepEqual(missingProfileFields('', undefined), [...REQUIRED_PROFILE_FIELDS]);
  });

  test('a profile without avatar and city lacks exactly those', () => {
    const row = {
      userId: 'u',
      gender: 'male' as const,
      email: 'a@b.cn',
      contactPhone: '+8613800138000',
      address: 'Somewhere',
      idNumber: '440524188001010014',
      organizationId: null,
      invitationCode: null,
      dateOfBirth: '1880-01-01',
      provinceCode: '44',
      cityCode: null,
      avatarId: null,
      notifySms: true,
      notifyEmail: true,
      updatedAt: new Date(),
    };
    assert.deepEqual(missingProfileFields('Zhang San', row), ['cityCode', 'avatarId']);
    assert.deepEqual(missingProfileFields('', { ...row, cityCode: '4405', avatarId: 'a' }), ['name']);
  });
});

describe('image type by content', () => {
  test('JPEG, PNG and WebP signatures are recognised whatever the name', async () => {
    const base = sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } });
    assert.equal(detectImageType(await base.clone().jpeg().toBuffer()), 'jpeg');
    assert.equal(detectImageType(await base.clone().png().toBuffer()), 'png');
    assert.equal(detectImageType(await base.clone().webp().toBuffer()), 'webp');
  });

  test('GIF, SVG, text and short input are not', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    for (const bytes of [
      gif,
      Buffer.from('<svg/>'),
      Buffer.from('hello'),
      Buffer.from([0xff, 0xd8]),
      Buffer.from('RIFF0000WAVE'),
    ]) {
      assert.equal(detectImageType(bytes), undefined);
    }
  });
});

describe('decoding uploads', () => {
  test('a small file that decodes to a huge canvas is refused (decompression bomb)', async () => {
    // 42 megapixels of one colour compress to about 130 KB: well under the upload limit.
    const bomb = await sharp({ create: { width: 7000, height: 6000, channels: 3, background: '#123456' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    assert.ok(bomb.length < 1_000_000);
    await assert.rejects(processAvatar(bomb), (error) => error instanceof AppError && error.code === 'IMAGE_INVALID');
  });

  test('a large ordinary (portrait) photo is accepted and bounded to 512 px', async () => {
    const photo = await sharp({ create: { width: 3000, height: 4000, channels: 3, background: '#654321' } })
      .jpeg()
      .toBuffer();
    const { image, small } = await processAvatar(photo);
    const meta = await sharp(image).metadata();
    assert.deepEqual([meta.width, meta.height, meta.format], [384, 512, 'webp']);
    assert.equal((await sharp(small).metadata()).width, 96);
  });
});
