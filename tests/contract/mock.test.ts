import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  api,
  type Endpoint,
  errorEnvelope,
  GROUP_TEMPLATE_PATH,
  normalizeCertificateNumber,
  ok,
  ROSTER_EXPORT_PATH,
} from '../../contract';
import apiHandlers, { type MockRequest } from '../../mock/api';
import bookingHandlers from '../../mock/booking';
import centerHandlers from '../../mock/center';
import examinerHandlers, { mockRosterId } from '../../mock/examiner';
import groupHandlers from '../../mock/group';
import profileHandlers from '../../mock/profile';
import verifyHandlers, { MOCK_CERTIFICATE_NUMBER } from '../../mock/verify';

/** Every mock file's routes together, as Umi serves them. */
const handlers = {
  ...apiHandlers,
  ...profileHandlers,
  ...bookingHandlers,
  ...groupHandlers,
  ...examinerHandlers,
  ...verifyHandlers,
  ...centerHandlers,
};

/** The routes that are not envelopes but file downloads: the group template and a center's roster. */
const TEMPLATE_KEY = `GET ${GROUP_TEMPLATE_PATH}`;
const ROSTER_EXPORT_KEY = `GET ${ROSTER_EXPORT_PATH}`;

interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  /** A file's bytes; they may arrive after the handler returns. */
  file: Promise<Buffer>;
}

function call(key: string, req: Partial<MockRequest> = {}): Answer {
  const handler = handlers[key];
  assert.ok(handler, `mock/ has no handler for ${key}`);
  let received: (bytes: Buffer) => void = () => undefined;
  const answer: Answer = {
    status: 0,
    body: undefined,
    headers: {},
    file: new Promise((resolve) => {
      received = resolve;
    }),
  };
  const res = {
    status(code: number) {
      answer.status = code;
      return res;
    },
    json(body: unknown) {
      answer.body = body;
    },
    setHeader(name: string, value: string) {
      answer.headers[name.toLowerCase()] = value;
    },
    end(bytes: Buffer) {
      received(bytes);
    },
  };
  handler({ query: {}, params: {}, headers: {}, ...req }, res);
  return answer;
}

function keyOf(endpoint: Endpoint) {
  return `${endpoint.method} ${endpoint.path}`;
}

function assertSuccess(endpoint: Endpoint, answer: Answer) {
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  ok(endpoint.data).parse(answer.body);
}

function assertError(answer: Answer, errorCode: string, status: number) {
  assert.equal(answer.status, status);
  assert.equal(errorEnvelope.parse(answer.body).errorCode, errorCode);
}

function login(phone = '13800138000', kind = 'individual') {
  const answer = call(keyOf(api.login), { body: { phone, code: '123456', kind } });
  assertSuccess(api.login, answer);
  const { data } = ok(api.login.data).parse(answer.body);
  return { authorization: `Bearer ${data.access_token}` };
}

describe('mock/api.ts answers as contract/ says', () => {
  it('has a handler for every contract endpoint and none that the contract lacks', () => {
    const contractKeys = [...Object.values(api).map(keyOf), TEMPLATE_KEY, ROSTER_EXPORT_KEY].sort();
    assert.deepEqual(Object.keys(handlers).sort(), contractKeys);
  });

  it('answers every public GET endpoint with data the contract schema accepts', () => {
    const exams = ok(api.exams.data).parse(call(keyOf(api.exams)).body).data;
    assert.ok(exams.list.length > 0, 'the mock lists some exams');
    const requests: Array<[Endpoint, Partial<MockRequest>]> = [
      [api.health, {}],
      [api.ready, {}],
      [api.site, {}],
      [api.provinces, {}],
      [api.cities, { query: { q: '44' } }],
      [api.categories, {}],
      [api.exams, { query: { current: '1', pageSize: '2', q: 'mock' } }],
      [api.exam, { params: { id: exams.list[0].id } }],
    ];
    for (const [endpoint, req] of requests) assertSuccess(endpoint, call(keyOf(endpoint), req));
  });

  it('pages exams with the requested page size', () => {
    const page = ok(api.exams.data).parse(call(keyOf(api.exams), { query: { current: '2', pageSize: '1' } }).body).data;
    assert.equal(page.list.length, 1);
    assert.equal(page.current, 2);
    assert.ok(page.total >= 2);
  });

  it('sends a code and logs in, then knows the user until logout', () => {
    assertSuccess(api.sendOtp, call(keyOf(api.sendOtp), { body: { phone: '+86 138-0013-8000', kind: 'examiner' } }));
    const headers = login();
    assertSuccess(api.currentUser, call(keyOf(api.currentUser), { headers }));
    assertSuccess(api.logout, call(keyOf(api.logout), { headers }));
    assertError(call(keyOf(api.currentUser), { headers }), 'UNAUTHORIZED', 401);
  });

  it('answers bad input with the contract error envelope', () => {
    assertError(call(keyOf(api.sendOtp), { body: { phone: '12345', kind: 'individual' } }), 'PHONE_INVALID', 400);
    assertError(call(keyOf(api.sendOtp), { body: { phone: '13800138000', kind: 'admin' } }), 'KIND_INVALID', 400);
    assertError(
      call(keyOf(api.login), { body: { phone: '13800138000', code: '000000', kind: 'individual' } }),
      'OTP_INVALID',
      400,
    );
    assertError(call(keyOf(api.currentUser)), 'UNAUTHORIZED', 401);
    assertError(call(keyOf(api.exam), { params: { id: 'missing' } }), 'NOT_FOUND', 404);
  });
});

describe('mock/booking.ts walks the booking state machine as contract/ says', () => {
  it('registers once per key, pays through the wallet and then issues the ticket', () => {
    const headers = login('13900139000');
    const examId = ok(api.exams.data).parse(call(keyOf(api.exams)).body).data.list[0].id;
    const quote = call(keyOf(api.quote), { headers, body: { examId, quantity: 1, promoCode: 'spring10' } });
    assertSuccess(api.quote, quote);
    assertError(call(keyOf(api.quote), { headers, body: { examId, promoCode: 'NOPE' } }), 'PROMO_CODE_INVALID', 400);

    const shown = ok(api.quote.data).parse(call(keyOf(api.quote), { headers, body: { examId } }).body).data;
    const expectedTotalFen = shown.totalFen;
    const booking = { headers: { ...headers, 'idempotency-key': 'key-1' }, body: { examId, expectedTotalFen } };
    assertError(
      call(keyOf(api.register), { ...booking, body: { examId, expectedTotalFen: expectedTotalFen + 1 } }),
      'PRICE_CHANGED',
      409,
    );
    const first = ok(api.register.data).parse(call(keyOf(api.register), booking).body).data;
    const again = ok(api.register.data).parse(call(keyOf(api.register), booking).body).data;
    assert.equal(again.order.id, first.order.id, 'the same key answers the same order');
    assert.equal(first.order.status, 'pending');
    assert.match(first.payment.qrContent, new RegExp(`/pay/sandbox/${first.order.id}$`));
    const orderKey = keyOf(api.order);
    const ticketKey = keyOf(api.ticket);
    const registration = { headers, params: { id: first.registration.id } };
    assertError(call(ticketKey, registration), 'TICKET_NOT_ISSUED', 409);

    const wallet = { params: { orderId: first.order.id } };
    assert.equal(ok(api.walletOrder.data).parse(call(keyOf(api.walletOrder), wallet).body).data.state, 'open');
    const confirmed = ok(api.walletConfirm.data).parse(call(keyOf(api.walletConfirm), wallet).body).data;
    assert.equal(confirmed.state, 'paid');

    const paid = ok(api.order.data).parse(call(orderKey, { headers, params: { id: first.order.id } }).body).data;
    assert.equal(paid.status, 'paid');
    assert.equal(paid.qrContent, null);
    const ticket = ok(api.ticket.data).parse(call(ticketKey, registration).body).data;
    assert.equal(ticket.status, 'register');
    assert.ok(ticket.token);

    for (const [endpoint, req] of [
      [api.registrations, { headers, query: { current: '1', pageSize: '10' } }],
      [api.transactions, { headers, query: { current: '1', pageSize: '10' } }],
      [api.results, { headers }],
      [api.changeOptions, registration],
      [api.ticketPublicKey, {}],
    ] as Array<[Endpoint, Partial<MockRequest>]>) {
      assertSuccess(endpoint, call(keyOf(endpoint), req));
    }
    const canceled = call(keyOf(api.cancelRegistration), registration);
    assertSuccess(api.cancelRegistration, canceled);
    assert.equal(ok(api.cancelRegistration.data).parse(canceled.body).data.refundFen, paid.breakdown.totalFen);
    assertError(call(keyOf(api.walletConfirm), wallet), 'ORDER_EXPIRED', 409);
  });
});

describe('mock/group.ts walks a group registration as contract/ says', () => {
  it('creates a group, reads an upload, checks out once per key, pays in the wallet and issues every ticket', () => {
    const headers = login('13500135000');
    const exam = ok(api.exams.data).parse(call(keyOf(api.exams)).body).data.list[0];
    const coordinator = { name: 'Li Lei', phone: '135 0013 5000', organization: 'No. 1 Middle School' };
    const created = call(keyOf(api.createGroup), { headers, body: { examId: exam.id, coordinator } });
    assertSuccess(api.createGroup, created);
    const draft = ok(api.createGroup.data).parse(created.body).data;
    assert.equal(draft.upload, null);
    assert.equal(draft.canUpload, true);
    const group = { headers, params: { id: draft.id } };

    const upload = call(keyOf(api.uploadGroupFile), group);
    assertSuccess(api.uploadGroupFile, upload);
    const read = ok(api.uploadGroupFile.data).parse(upload.body).data.upload;
    assert.ok(read && read.accepted.length > 0 && read.rejected.length > 0, 'a mixed result');
    assert.equal(read.totalParticipants, read.accepted.length + read.rejected.length);
    assertSuccess(api.groupQuote, call(keyOf(api.groupQuote), { ...group, body: {} }));
    assertError(call(keyOf(api.groupQuote), { ...group, body: { promoCode: 'NOPE' } }), 'PROMO_CODE_INVALID', 400);
    assertError(call(keyOf(api.groupTickets), group), 'TICKET_NOT_ISSUED', 409);

    const shown = ok(api.groupQuote.data).parse(call(keyOf(api.groupQuote), { ...group, body: {} }).body).data;
    const paying = {
      ...group,
      headers: { ...headers, 'idempotency-key': 'group-key-1' },
      body: { expectedTotalFen: shown.totalFen },
    };
    assertError(
      call(keyOf(api.groupCheckout), { ...paying, body: { expectedTotalFen: shown.totalFen - 1 } }),
      'PRICE_CHANGED',
      409,
    );
    const first = ok(api.groupCheckout.data).parse(call(keyOf(api.groupCheckout), paying).body).data;
    const again = ok(api.groupCheckout.data).parse(call(keyOf(api.groupCheckout), paying).body).data;
    assert.equal(first.order?.status, 'pending');
    assert.equal(again.order?.id, first.order?.id, 'the same key answers the same order');
    assert.equal(first.order?.breakdown.quantity, read.accepted.length);
    assert.equal(first.canUpload, false);
    assertError(call(keyOf(api.uploadGroupFile), group), 'GROUP_LOCKED', 409);

    const orderId = first.order?.id ?? '';
    assertSuccess(api.order, call(keyOf(api.order), { headers, params: { id: orderId } }));
    assertSuccess(api.walletConfirm, call(keyOf(api.walletConfirm), { params: { orderId } }));
    const paid = ok(api.group.data).parse(call(keyOf(api.group), group).body).data;
    assert.equal(paid.order?.status, 'paid');
    assert.deepEqual(
      paid.upload?.accepted.map((member) => member.status),
      read.accepted.map(() => 'register'),
    );
    const tickets = ok(api.groupTickets.data).parse(call(keyOf(api.groupTickets), group).body).data;
    assert.equal(tickets.length, read.accepted.length);
    assert.ok(tickets.every((ticket) => ticket.token));
  });

  it('serves the member template in both formats as downloads', async () => {
    const xlsx = call(TEMPLATE_KEY, { query: { format: 'xlsx' } });
    const bytes = await xlsx.file;
    assert.equal(bytes.subarray(0, 2).toString('latin1'), 'PK', 'an .xlsx is a zip');
    assert.match(xlsx.headers['content-disposition'], /filename="group-registration-template\.xlsx"/);
    const csv = (await call(TEMPLATE_KEY, { query: { format: 'csv' } }).file).toString('utf8');
    assert.match(csv, /^\uFEFF姓名 \/ Name,/);
    assertError(call(TEMPLATE_KEY, { query: { format: 'pdf' } }), 'VALIDATION_FAILED', 400);
  });

  it("answers another coordinator's group as not found and refuses groups to test centers", () => {
    const owner = login('13400134000');
    const examId = ok(api.exams.data).parse(call(keyOf(api.exams)).body).data.list[0].id;
    const coordinator = { name: 'Li Lei', phone: '13400134000', organization: 'No. 1 Middle School' };
    const created = call(keyOf(api.createGroup), { headers: owner, body: { examId, coordinator } });
    const { id } = ok(api.createGroup.data).parse(created.body).data;
    const stranger = login('13300133000');
    assertError(call(keyOf(api.group), { headers: stranger, params: { id } }), 'NOT_FOUND', 404);
    assertError(call(keyOf(api.uploadGroupFile), { headers: stranger, params: { id } }), 'NOT_FOUND', 404);
    const center = login('13200132000', 'testCenter');
    assertError(call(keyOf(api.createGroup), { headers: center, body: { examId, coordinator } }), 'STUDENTS_ONLY', 403);
  });
});

describe('mock/profile.ts answers as contract/ says', () => {
  const valid = {
    name: 'Li Lei',
    gender: 'female',
    email: 'li.lei@example.com',
    contactPhone: '139 0013 9000',
    address: '1 Example Road',
    idNumber: '11010519491231002x',
    dateOfBirth: '1949-12-31',
    provinceCode: '11',
    cityCode: '1101',
  };

  it('lists organizations and saves a valid profile, which currentUser then shows', () => {
    const organizations = ok(api.organizations.data).parse(call(keyOf(api.organizations)).body).data;
    assert.ok(organizations.length > 0);
    const headers = login('13700137000');
    const upload = call(keyOf(api.uploadAvatar), { headers });
    assertSuccess(api.uploadAvatar, upload);
    const { avatarId } = ok(api.uploadAvatar.data).parse(upload.body).data;
    const body = { ...valid, avatarId, organizationId: organizations[0].id, invitationCode: 'welcome2026' };
    const saved = call(keyOf(api.saveProfile), { headers, body });
    assertSuccess(api.saveProfile, saved);
    const profile = ok(api.saveProfile.data).parse(saved.body).data;
    assert.equal(profile.idNumber, '11010519491231002X');
    assert.equal(profile.contactPhone, '+8613900139000');
    assert.equal(profile.complete, true);
    const user = ok(api.currentUser.data).parse(call(keyOf(api.currentUser), { headers }).body).data;
    assert.equal(user.name, 'Li Lei');
  });

  it('refuses an invalid save with the field at fault and keeps the profile as it was', () => {
    const headers = login('13600136000');
    const { avatarId } = ok(api.uploadAvatar.data).parse(call(keyOf(api.uploadAvatar), { headers }).body).data;
    const save = (changes: object) =>
      call(keyOf(api.saveProfile), { headers, body: { ...valid, avatarId, ...changes } });
    assertError(save({ idNumber: '110105194912310021' }), 'ID_CARD_INVALID', 400);
    assertError(save({ dateOfBirth: '1950-01-01' }), 'ID_CARD_BIRTH_MISMATCH', 400);
    assertError(save({ cityCode: '4401' }), 'CITY_INVALID', 400);
    assertError(save({ invitationCode: 'NOPE' }), 'INVITATION_CODE_INVALID', 400);
    const missingName = save({ name: ' ' });
    assertError(missingName, 'VALIDATION_FAILED', 400);
    assert.deepEqual(
      errorEnvelope.parse(missingName.body).details?.map((detail) => detail.path),
      ['name'],
    );
    const profile = ok(api.profile.data).parse(call(keyOf(api.profile), { headers }).body).data;
    assert.equal(profile.complete, false);
    assert.equal(profile.idNumber, '');
  });
});

describe('mock/examiner.ts answers the door as contract/ says', () => {
  it('keeps the examiner profile, refusing a bad ID card number', () => {
    const headers = login('13100131000', 'examiner');
    assertSuccess(api.examinerProfile, call(keyOf(api.examinerProfile), { headers }));
    const body = { name: 'Zhao Min', address: '1 Example Road', identityId: '11010519491231002x' };
    const saved = call(keyOf(api.saveExaminerProfile), { headers, body });
    assertSuccess(api.saveExaminerProfile, saved);
    assert.equal(ok(api.saveExaminerProfile.data).parse(saved.body).data.identityId, '11010519491231002X');
    const bad = { ...body, identityId: '110105194912310021' };
    assertError(call(keyOf(api.saveExaminerProfile), { headers, body: bad }), 'ID_CARD_INVALID', 400);
    const profile = ok(api.examinerProfile.data).parse(call(keyOf(api.examinerProfile), { headers }).body).data;
    assert.equal(profile.complete, true);
  });

  it('lists the assigned exams, shows who a registration names and checks them in once', () => {
    const headers = login('13100131001', 'examiner');
    const exams = ok(api.examinerExams.data).parse(call(keyOf(api.examinerExams), { headers }).body).data;
    const [exam, other] = exams;
    assert.ok(exam && other, 'two assigned exams');
    const found = call(keyOf(api.lookupCandidates), { headers, params: { id: exam.id }, query: { q: '13800139000' } });
    assertSuccess(api.lookupCandidates, found);
    const [candidate] = ok(api.lookupCandidates.data).parse(found.body).data;
    assert.equal(candidate?.status, 'register');
    const registration = { headers, params: { id: exam.id, registrationId: candidate?.registrationId ?? '' } };
    assertSuccess(api.examinerCandidate, call(keyOf(api.examinerCandidate), registration));

    const checkin = (examId: string, body: object) =>
      call(keyOf(api.checkin), { headers, params: { id: examId }, body });
    const first = checkin(exam.id, { registrationId: candidate?.registrationId });
    assertSuccess(api.checkin, first);
    assert.equal(ok(api.checkin.data).parse(first.body).data.alreadyCheckedIn, false);
    const again = checkin(exam.id, { token: `mock-ticket-token.${candidate?.registrationId}` });
    assert.equal(ok(api.checkin.data).parse(again.body).data.alreadyCheckedIn, true);
    const counts = ok(api.examinerExams.data).parse(call(keyOf(api.examinerExams), { headers }).body).data[0];
    assert.equal(counts?.checkedIn, (exam.checkedIn ?? 0) + 1);

    assertError(
      checkin(other.id, { token: `mock-ticket-token.${candidate?.registrationId}` }),
      'TICKET_OTHER_EXAM',
      409,
    );
    assertError(checkin(exam.id, { token: 'not-a-ticket-token-at-all' }), 'TICKET_INVALID', 400);
    const canceled = call(keyOf(api.lookupCandidates), {
      headers,
      params: { id: exam.id },
      query: { q: '13800139002' },
    });
    assert.deepEqual(
      ok(api.lookupCandidates.data).parse(canceled.body).data,
      [],
      'canceled registrations are not found',
    );
    assertError(checkin(exam.id, { token: `mock-ticket-token.${mockRosterId(0, 2)}` }), 'TICKET_CANCELED', 409);
    assertError(
      call(keyOf(api.lookupCandidates), { headers, params: { id: exam.id }, query: { q: '1380' } }),
      'VALIDATION_FAILED',
      400,
    );
  });

  it('refuses the door to candidates and exams not assigned', () => {
    const student = login('13100131002');
    assertError(call(keyOf(api.examinerExams), { headers: student }), 'EXAMINERS_ONLY', 403);
    assertError(call(keyOf(api.examinerExams)), 'UNAUTHORIZED', 401);
    const headers = login('13100131003', 'examiner');
    const params = { id: 'not-assigned', registrationId: mockRosterId(0, 0) };
    assertError(call(keyOf(api.examinerCandidate), { headers, params }), 'NOT_FOUND', 404);
  });
});

describe('mock/verify.ts answers certificate look-ups as contract/ says', () => {
  it('finds the mock certificate however it is typed, and no other number', () => {
    const typed = MOCK_CERTIFICATE_NUMBER.toLowerCase().replace(/-/g, ' ');
    const found = call(keyOf(api.verifyCertificate), { params: { number: typed } });
    assertSuccess(api.verifyCertificate, found);
    assert.equal(ok(api.verifyCertificate.data).parse(found.body).data.certificateNumber, MOCK_CERTIFICATE_NUMBER);
    assertError(call(keyOf(api.verifyCertificate), { params: { number: 'EA-2026-ABCDEFGH-G' } }), 'NOT_FOUND', 404);
  });
});

describe('mock/center.ts runs a test center as contract/ says', () => {
  const profile = {
    businessName: 'Chaoyang Test Center',
    taxId: '91110105ma01abcd13',
    capacity: 60,
    contactName: 'Zhang Wei',
    contactPhone: '136 0013 6000',
    provinceCode: '11',
    cityCode: '1101',
    address: '1 Example Road',
  };
  const day = 86_400_000;
  const draft = (code: string, changes: object = {}) => ({
    code,
    name: { zh: '汉语水平考试五级', en: 'HSK Level 5' },
    categoryId: ok(api.categories.data).parse(call(keyOf(api.categories)).body).data[0].id,
    location: { zh: '北京市示例路 1 号', en: '1 Example Road, Beijing' },
    startsAt: new Date(Date.now() + 20 * day).toISOString(),
    registrationEndsAt: new Date(Date.now() + 15 * day).toISOString(),
    feeFen: 19_950,
    capacity: 40,
    ...changes,
  });

  /** A center with a saved profile, and its demo exam (held yesterday). */
  function readyCenter(phone: string) {
    const headers = login(phone, 'testCenter');
    const empty = ok(api.centerProfile.data).parse(call(keyOf(api.centerProfile), { headers }).body).data;
    assert.equal(empty.complete, false);
    assertError(call(keyOf(api.createExam), { headers, body: draft('EARLY-1') }), 'CENTER_PROFILE_INCOMPLETE', 409);
    const license = call(keyOf(api.uploadLicense), { headers });
    assertSuccess(api.uploadLicense, license);
    const licenseId = ok(api.uploadLicense.data).parse(license.body).data.id;
    assertError(
      call(keyOf(api.saveCenterProfile), { headers, body: { ...profile, licenseId, taxId: '91110105MA01ABCD14' } }),
      'TAX_ID_INVALID',
      400,
    );
    const saved = call(keyOf(api.saveCenterProfile), { headers, body: { ...profile, licenseId } });
    assertSuccess(api.saveCenterProfile, saved);
    const data = ok(api.saveCenterProfile.data).parse(saved.body).data;
    assert.equal(data.taxId, '91110105MA01ABCD13');
    assert.equal(data.contactPhone, '+8613600136000');
    assert.equal(data.complete, true);
    assertSuccess(api.uploadLogo, call(keyOf(api.uploadLogo), { headers }));
    const list = ok(api.centerExams.data).parse(call(keyOf(api.centerExams), { headers }).body).data;
    const held = list.list[0];
    assert.ok(held && held.counts.checkin > 0, 'a demo exam with candidates checked in');
    return { headers, held };
  }

  it('creates and edits exams within the center, then cancels one, refunding its paid candidates', () => {
    const { headers } = readyCenter('13000130000');
    assertError(
      call(keyOf(api.createExam), { headers, body: draft('HSK-5-A', { capacity: 61 }) }),
      'EXAM_CAPACITY_EXCEEDS_CENTER',
      400,
    );
    const late = { registrationEndsAt: new Date(Date.now() + 21 * day).toISOString() };
    assertError(
      call(keyOf(api.createExam), { headers, body: draft('HSK-5-A', late) }),
      'REGISTRATION_ENDS_AFTER_START',
      400,
    );
    const created = call(keyOf(api.createExam), { headers, body: draft('hsk-5-a') });
    assertSuccess(api.createExam, created);
    const exam = ok(api.createExam.data).parse(created.body).data;
    assert.equal(exam.code, 'HSK-5-A');
    assertError(call(keyOf(api.createExam), { headers, body: draft('HSK-5-A') }), 'EXAM_CODE_TAKEN', 409);
    const params = { id: exam.id };
    assertError(
      call(keyOf(api.updateExam), { headers, params, body: draft('HSK-5-A', { capacity: exam.seatsTaken - 1 }) }),
      'EXAM_CAPACITY_BELOW_TAKEN',
      409,
    );
    const updated = call(keyOf(api.updateExam), { headers, params, body: draft('HSK-5-A', { feeFen: 0 }) });
    assertSuccess(api.updateExam, updated);
    assert.equal(ok(api.updateExam.data).parse(updated.body).data.feeFen, 0);
    assertSuccess(api.centerExam, call(keyOf(api.centerExam), { headers, params }));

    const canceled = ok(api.cancelExam.data).parse(call(keyOf(api.cancelExam), { headers, params }).body).data;
    assert.equal(canceled.refunded, exam.counts.register);
    assert.equal(canceled.released, exam.counts.pending);
    assert.equal(canceled.notified, canceled.refunded);
    assert.equal(canceled.exam.status, 'canceled');
    assertError(call(keyOf(api.cancelExam), { headers, params }), 'EXAM_NOT_EDITABLE', 409);
  });

  it('searches and exports the roster, assigns examiners, enters results and publishes them once', async () => {
    const { headers, held } = readyCenter('13000130001');
    const params = { id: held.id };
    const roster = (query: Record<string, string>) =>
      ok(api.roster.data).parse(call(keyOf(api.roster), { headers, params, query }).body).data;
    const checkedIn = roster({ status: 'checkin' }).list;
    assert.equal(checkedIn.length, held.counts.checkin);
    const [first, second] = checkedIn;
    assert.ok(first && second);
    assert.deepEqual(
      roster({ q: first.phone.slice(-6) }).list.map((entry) => entry.registrationId),
      [first.registrationId],
    );
    const file = call(ROSTER_EXPORT_KEY, { headers, params, query: {} });
    assert.equal((await file.file).subarray(0, 2).toString('latin1'), 'PK', 'an .xlsx is a zip');
    assert.match(file.headers['content-disposition'], new RegExp(`roster-${held.code}\\.xlsx`));

    assertError(call(keyOf(api.assignExaminer), { headers, params, body: { phone: '12345' } }), 'PHONE_INVALID', 400);
    const assigned = call(keyOf(api.assignExaminer), { headers, params, body: { phone: '135 0013 5000' } });
    const [examiner] = ok(api.assignExaminer.data).parse(assigned.body).data;
    assert.equal(examiner?.phone, '+8613500135000');
    assertSuccess(api.examExaminers, call(keyOf(api.examExaminers), { headers, params }));
    const left = call(keyOf(api.unassignExaminer), { headers, params: { ...params, userId: examiner?.userId } });
    assert.deepEqual(ok(api.unassignExaminer.data).parse(left.body).data, []);

    const result = (registrationId: string, outcome: string) =>
      call(keyOf(api.enterResult), { headers, params: { ...params, registrationId }, body: { outcome } });
    const noShow = roster({ status: 'register' }).list[0];
    assertError(result(noShow?.registrationId ?? '', 'pass'), 'RESULT_NEEDS_CHECKIN', 409);
    assertSuccess(api.enterResult, result(first.registrationId, 'fail'));
    const sheet = ok(api.uploadResults.data).parse(call(keyOf(api.uploadResults), { headers, params }).body).data;
    assert.equal(sheet.updated, 1);
    assert.ok(sheet.rejected.length > 0);

    const published = call(keyOf(api.publishResults), { headers, params });
    assertSuccess(api.publishResults, published);
    // The failed and the passed candidate complete; the third, without a result, stays checked in.
    const { completed: done, certificates } = ok(api.publishResults.data).parse(published.body).data;
    assert.deepEqual({ done, certificates }, { done: 2, certificates: 1 });
    const completed = roster({ status: 'completed' }).list;
    const passed = completed.find((entry) => entry.outcome === 'pass');
    assert.ok(passed?.certificateNumber && normalizeCertificateNumber(passed.certificateNumber));
    assertError(call(keyOf(api.publishResults), { headers, params }), 'RESULTS_PUBLISHED', 409);
    assertError(result(second.registrationId, 'pass'), 'RESULTS_PUBLISHED', 409);
  });

  it("answers another center's exam as not found and refuses centers' calls to anyone else", () => {
    const { held } = readyCenter('13000130002');
    const other = login('13000130003', 'testCenter');
    assertError(call(keyOf(api.centerExam), { headers: other, params: { id: held.id } }), 'NOT_FOUND', 404);
    assertError(call(keyOf(api.roster), { headers: other, params: { id: held.id } }), 'NOT_FOUND', 404);
    const student = login('13000130004');
    assertError(call(keyOf(api.centerProfile), { headers: student }), 'TEST_CENTERS_ONLY', 403);
    assertError(call(keyOf(api.centerExams)), 'UNAUTHORIZED', 401);
  });
});
