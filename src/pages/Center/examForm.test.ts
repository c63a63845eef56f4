import dayjs from 'dayjs';
import { refusal } from '@/testing/fixtures';
import { fieldErrorsOf } from '@/utils/failure';
import { LICENSE_CONTENT_TYPES, LICENSE_MAX_BYTES, ROSTER_EXPORT_PATH } from '../../../contract/center';
import { ROSTER_EXPORT_PATH as SERVICE_EXPORT_PATH } from '../../services/center';
import { DOCUMENT_MAX_BYTES } from '../Profile/components/DocumentField';
import {
  EXAM_FIELD_ERRORS,
  instantOf,
  isEditable,
  toExamDraft,
  toExamFormValues,
  type ValidExamFormValues,
  wallTime,
} from './examForm';
import { centerExamFixture } from './testing/centerFixtures';

describe('exam form values', () => {
  it("read and write times on the exam zone's clock, whatever the browser's zone", () => {
    expect(wallTime('2026-12-01T01:00:00.000Z', 'Asia/Shanghai').format('YYYY-MM-DD HH:mm')).toBe('2026-12-01 09:00');
    expect(instantOf(dayjs('2026-12-01 09:00'), 'Asia/Shanghai')).toBe('2026-12-01T09:00:00+08:00');
    expect(instantOf(dayjs('2026-07-01 09:00'), 'Europe/Berlin')).toBe('2026-07-01T09:00:00+02:00');
  });

  it('send the fee in whole fen and no organization, access code or opening time as null', () => {
    const draft = toExamDraft(
      {
        code: ' hsk-5 ',
        nameZh: ' 五级 ',
        nameEn: ' Level 5 ',
        categoryId: '0192f0c0-0000-7000-8000-000000000001',
        locationZh: '北京',
        locationEn: 'Beijing',
        startsAt: dayjs('2026-12-01 09:00'),
        registrationEndsAt: dayjs('2026-11-20 18:00'),
        registrationOpensAt: null,
        waitingRoom: false,
        feeYuan: 0.29,
        capacity: 40,
        arrivalLeadMinutes: 45,
        accessCode: '  ',
      },
      'Asia/Shanghai',
    );
    expect(draft).toMatchObject({ code: 'HSK-5', name: { zh: '五级', en: 'Level 5' }, feeFen: 29 });
    expect(draft.organizationId).toBeNull();
    expect(draft.accessCode).toBeNull();
    expect(draft.registrationOpensAt).toBeNull();
    expect(draft.waitingRoom).toBe(false);
  });

  it("read and write the opening time on the exam zone's clock, with the waiting room", () => {
    const exam = centerExamFixture({ registrationOpensAt: '2026-11-10T01:30:00.000Z', waitingRoom: true });
    const values = toExamFormValues(exam);
    expect(values.registrationOpensAt?.format('YYYY-MM-DD HH:mm')).toBe('2026-11-10 09:30');
    expect(values.waitingRoom).toBe(true);
    const draft = toExamDraft(values as ValidExamFormValues, exam.timeZone);
    expect(draft.registrationOpensAt).toBe('2026-11-10T09:30:00+08:00');
    expect(draft.waitingRoom).toBe(true);
    expect(fieldErrorsOf(refusal('REGISTRATION_OPENS_AFTER_END'), EXAM_FIELD_ERRORS)).toEqual([
      { field: 'registrationOpensAt', messageId: 'errors.REGISTRATION_OPENS_AFTER_END' },
    ]);
  });

  it('put a refused save on the fields the server names', () => {
    expect(fieldErrorsOf(refusal('VALIDATION_FAILED', ['name.en', 'feeFen', 'unknown']), EXAM_FIELD_ERRORS)).toEqual([
      { field: 'nameEn', messageId: 'pages.center.exam.nameEn.required' },
      { field: 'feeYuan', messageId: 'pages.center.exam.fee.range' },
    ]);
    expect(fieldErrorsOf(refusal('EXAM_CAPACITY_BELOW_TAKEN'), EXAM_FIELD_ERRORS)).toEqual([
      { field: 'capacity', messageId: 'errors.EXAM_CAPACITY_BELOW_TAKEN' },
    ]);
    expect(fieldErrorsOf(refusal('SOLD_OUT'), EXAM_FIELD_ERRORS)).toEqual([]);
  });

  it('let only an exam that is neither over nor started be edited', () => {
    const now = Date.now();
    expect(isEditable(centerExamFixture(), now)).toBe(true);
    expect(isEditable(centerExamFixture({ status: 'canceled' }), now)).toBe(false);
    expect(isEditable(centerExamFixture({ startsAt: new Date(now - 60_000).toISOString() }), now)).toBe(false);
  });
});

describe('what the browser holds apart from the contract', () => {
  it('agrees with it on the export path and the document limits', () => {
    expect(SERVICE_EXPORT_PATH).toBe(ROSTER_EXPORT_PATH);
    expect(DOCUMENT_MAX_BYTES).toBe(LICENSE_MAX_BYTES);
    expect(LICENSE_CONTENT_TYPES).toEqual(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']);
  });
});
