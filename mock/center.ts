/**
 * The test center's console for `npm run dev`. A returning center finds its profile saved and a dozen exams: one held
 * yesterday with candidates checked in (for results), one to come with a long roster, one completed, one canceled. A
 * new center starts with an empty profile, and is pending until an operator approves it (mock/lib/ops.ts). The mock reads no uploaded bytes: a document is the app's logo, and any
 * results sheet reads as one pass for the next checked-in candidate without a result, with two rows refused.
 */
import ExcelJS from 'exceljs';
import {
  api,
  type CenterExam,
  type CenterProfile,
  type CurrentUser,
  type ExamDraft,
  REQUIRED_CENTER_FIELDS,
} from '../contract';
import { normalizeChinaMobile } from '../server/domain/phone';
import { rosterHeader } from '../server/domain/roster';
import { centerExam, centerProfiles, isNewAccount, saveCenterProfile } from './lib/accounts';
import { categories, examAt, exams, type MockExam, newId } from './lib/fixtures';
import { on, page, refuse } from './lib/http';
import { submitCenter, verificationOf } from './lib/ops';
import {
  type MockRegistration,
  photoOwnerOf,
  photoRejections,
  resultOf,
  rosterEntryOf,
  rosterOf,
  seatings,
  summaryOf,
} from './lib/store';

type Status = MockRegistration['status'];

function ownExam(user: CurrentUser, id: string): MockExam {
  const exam = exams.get(id);
  return exam?.ownerId === user.id ? exam : refuse('NOT_FOUND');
}

function viewOf(exam: MockExam): CenterExam {
  const roster = rosterOf(exam.id);
  const count = (status: Status) => roster.filter((entry) => entry.status === status).length;
  return {
    ...summaryOf(exam),
    seatsTaken: exam.seatsTaken,
    counts: {
      pending: count('pending'),
      register: count('register'),
      checkin: count('checkin'),
      completed: count('completed'),
      canceled: count('canceled'),
    },
    resultsEntered: roster.filter((entry) => entry.outcome !== null).length,
    resultsPublishedAt: exam.resultsPublishedAt,
    examiners: exam.examiners.length,
    accessCode: exam.accessCode,
  };
}

/** The roster search: a part of the name, phone or ID number, and a status. */
function found(exam: MockExam, q = '', status?: string): MockRegistration[] {
  const text = q.toUpperCase();
  const matches = ({ name, phone, idNumber }: MockRegistration['person']) =>
    [name, phone, idNumber].some((value) => value.includes(text));
  return rosterOf(exam.id).filter((entry) => matches(entry.person) && (!status || entry.status === status));
}

/** The draft's fields on the exam; the code must be free and the capacity not below the seats taken. */
function applyDraft(exam: MockExam, draft: ExamDraft): MockExam {
  if ([...exams.values()].some((other) => other.code === draft.code && other.id !== exam.id)) refuse('EXAM_CODE_TAKEN');
  if (draft.capacity < exam.seatsTaken) {
    refuse('EXAM_CAPACITY_BELOW_TAKEN', [{ path: 'capacity', message: 'Fewer seats than are taken' }]);
  }
  const { categoryId, organizationId, accessCode, startsAt, registrationEndsAt, ...fields } = draft;
  return Object.assign(exam, {
    ...fields,
    category: categories.find((category) => category.id === categoryId) ?? refuse('VALIDATION_FAILED'),
    startsAt: new Date(startsAt).toISOString(),
    registrationEndsAt: new Date(registrationEndsAt).toISOString(),
    accessCode: accessCode ?? null,
  });
}

const document = () => ({ id: newId(), url: '/logo.svg', contentType: 'image/png' });

export default Object.fromEntries([
  on(api.centerProfile, ({ user }) => {
    const empty: CenterProfile = {
      ...{ businessName: '', licenseId: null, licenseUrl: null, licenseContentType: null, taxId: '', logoId: null },
      ...{ logoUrl: null, capacity: 0, contactName: '', contactPhone: '', provinceCode: null, cityCode: null },
      ...{ address: '', complete: false, missing: [...REQUIRED_CENTER_FIELDS] },
    };
    return { ...(centerProfiles.get(user.id) ?? empty), verification: verificationOf(user) };
  }),
  on(api.saveCenterProfile, ({ user, body }) => {
    const saved = saveCenterProfile(user, { ...body, contactPhone: normalizeChinaMobile(body.contactPhone) });
    // A new center's completed profile waits in the operators' queue; returning centers are approved, as demo ones.
    if (isNewAccount(user.phone)) {
      const { businessName, licenseUrl, licenseContentType, taxId, contactName, contactPhone, address } = saved;
      const license = { licenseUrl, licenseContentType };
      submitCenter({ id: user.id, businessName, ...license, taxId, contactName, contactPhone, address });
    }
    return { ...saved, verification: verificationOf(user) };
  }),
  on(api.uploadLicense, document),
  on(api.uploadLogo, document),
  // A document is the app's /logo.svg (see above): no stored file has an id here.
  on(api.centerDocument, () => refuse('NOT_FOUND')),
  on(api.centerExams, ({ user, query }) => {
    const own = [...exams.values()].filter((exam) => exam.ownerId === user.id);
    const listed = own.filter((exam) => !query.status || exam.status === query.status);
    return page(listed.sort((a, b) => a.startsAt.localeCompare(b.startsAt)).map(viewOf), query);
  }),
  on(api.createExam, ({ user, body }) => {
    const exam = applyDraft(centerExam(user, examAt(new Date())), body);
    exams.set(exam.id, exam);
    return viewOf(exam);
  }),
  on(api.centerExam, ({ user, params }) => viewOf(ownExam(user, params.id))),
  on(api.updateExam, ({ user, params, body }) => viewOf(applyDraft(ownExam(user, params.id), body))),
  on(api.cancelExam, ({ user, params }) => {
    const exam = ownExam(user, params.id);
    const refunded = found(exam, '', 'register');
    const released = found(exam, '', 'pending');
    for (const entry of [...refunded, ...released]) entry.status = 'canceled';
    exam.status = 'canceled';
    return { exam: viewOf(exam), refunded: refunded.length, released: released.length, notified: refunded.length };
  }),
  on(api.roster, ({ user, params, query }) =>
    page(found(ownExam(user, params.id), query.q, query.status).map(rosterEntryOf), query),
  ),
  on(api.rejectRosterPhoto, ({ user, params, body }) => {
    const exam = ownExam(user, params.id);
    const registration = rosterOf(exam.id).find((entry) => entry.id === params.registrationId) ?? refuse('NOT_FOUND');
    if (registration.status !== 'register' && registration.status !== 'checkin') refuse('STATUS_TRANSITION_INVALID');
    photoRejections.set(photoOwnerOf(registration), { reason: body.reason, rejectedAt: new Date().toISOString() });
    return rosterEntryOf(registration);
  }),
  on(api.rosterExport, async ({ user, params, query }) => {
    const exam = ownExam(user, params.id);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('考生 Candidates');
    sheet.addRow(rosterHeader(exam.timeZone));
    for (const entry of found(exam, query.q, query.status).map(rosterEntryOf)) {
      const { name, phone, maskedIdNumber, status, checkedInAt, outcome, certificateNumber, room, seat } = entry;
      sheet.addRow([name, phone, maskedIdNumber, status, checkedInAt, outcome, certificateNumber, room, seat]);
    }
    return {
      fileName: `roster-${exam.code}.xlsx`,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      bytes: Buffer.from(await workbook.xlsx.writeBuffer()),
    };
  }),
  on(api.examExaminers, ({ user, params }) => ownExam(user, params.id).examiners),
  on(api.assignExaminer, ({ user, params, body }) => {
    const exam = ownExam(user, params.id);
    const phone = normalizeChinaMobile(body.phone);
    if (!exam.examiners.some((examiner) => examiner.phone === phone)) {
      exam.examiners.push({ userId: newId(), phone, name: '', assignedAt: new Date().toISOString(), roomId: null });
    }
    return exam.examiners;
  }),
  on(api.setExaminerRoom, ({ user, params, body }) => {
    const exam = ownExam(user, params.id);
    const examiner = exam.examiners.find((item) => item.userId === params.userId) ?? refuse('NOT_FOUND');
    if (body.roomId !== null && !seatings.get(exam.id)?.roomIds.includes(body.roomId)) refuse('NOT_FOUND');
    examiner.roomId = body.roomId;
    return exam.examiners;
  }),
  on(api.unassignExaminer, ({ user, params }) => {
    const exam = ownExam(user, params.id);
    exam.examiners = exam.examiners.filter((examiner) => examiner.userId !== params.userId);
    return exam.examiners;
  }),
  on(api.enterResult, ({ user, params, body }) => {
    const roster = rosterOf(ownExam(user, params.id).id);
    const entry = roster.find((item) => item.id === params.registrationId) ?? refuse('NOT_FOUND');
    entry.outcome = body.outcome;
    return rosterEntryOf(entry);
  }),
  on(api.uploadResults, ({ user, params }) => {
    const roster = rosterOf(ownExam(user, params.id).id);
    const next = roster.find((entry) => entry.status === 'checkin' && entry.outcome === null);
    if (next) next.outcome = 'pass';
    const rejected = [
      { row: 3, reason: 'NOT_CHECKED_IN' as const },
      { row: 4, reason: 'CANDIDATE_NOT_FOUND' as const },
    ];
    return { updated: next ? 1 : 0, rejected };
  }),
  on(api.publishResults, ({ user, params }) => {
    const exam = ownExam(user, params.id);
    if (exam.resultsPublishedAt) refuse('RESULTS_PUBLISHED');
    // As the server does: entered results are published and their candidates completed; the rest stay checked in.
    const entered = found(exam, '', 'checkin').filter((entry) => entry.outcome);
    for (const entry of entered)
      Object.assign(entry, { status: 'completed', ...resultOf(exam, entry.outcome ?? 'fail') });
    const publishedAt = new Date().toISOString();
    Object.assign(exam, { status: 'completed', resultsPublishedAt: publishedAt });
    const certificates = entered.filter((entry) => entry.outcome === 'pass').length;
    return { completed: entered.length, certificates, publishedAt };
  }),
]);
