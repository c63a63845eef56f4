import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import ExcelJS from 'exceljs';
import { importJWK, jwtVerify } from 'jose';
import type { z } from 'zod';
import {
  api,
  type Endpoint,
  errorEnvelope,
  normalizeCertificateNumber,
  type OpsEndpoint,
  ok,
  opsApi,
  refusalOf,
  USER_KINDS,
} from '../../contract';
import * as paths from '../../contract/paths';
import apiHandlers from '../../mock/api';
import candidateHandlers from '../../mock/candidate';
import centerHandlers from '../../mock/center';
import examinerHandlers from '../../mock/examiner';
import groupHandlers from '../../mock/group';
import { DEV_ONLY_TICKET_SIGNING_KEY } from '../../mock/lib/devOnlyTicketKey';
import { ACCESS_CODE, history } from '../../mock/lib/fixtures';
import type { MockRequest } from '../../mock/lib/http';
import { config, rosterOf, tickets } from '../../mock/lib/store';
import notificationHandlers from '../../mock/notifications';
import opsHandlers from '../../mock/ops';
import queueHandlers from '../../mock/queue';
import receiptHandlers from '../../mock/receipts';
import seatingHandlers from '../../mock/seating';
import waitlistHandlers from '../../mock/waitlist';
import { priceBooking } from '../../server/domain/pricing';

const ROOT = join(__dirname, '..', '..');

/** Every mock file's routes together, as Umi serves them. */
const handlers = {
  ...apiHandlers,
  ...candidateHandlers,
  ...groupHandlers,
  ...centerHandlers,
  ...examinerHandlers,
  ...opsHandlers,
  ...seatingHandlers,
  ...queueHandlers,
  ...notificationHandlers,
  ...receiptHandlers,
  ...waitlistHandlers,
};

/** Every route of contract/paths/: the endpoints of contract/api.ts and opsApi. */
const routes: paths.Route[] = Object.values(paths).flatMap((value) => (typeof value === 'object' ? [value] : []));
const keyOf = (route: paths.Route) => `${route.method} ${route.path}`;

interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
  file?: Buffer;
}

async function call(route: paths.Route, req: Partial<MockRequest> = {}): Promise<Answer> {
  const handler = handlers[keyOf(route)];
  assert.ok(handler, `mock/ has no handler for ${keyOf(route)}`);
  const answer: Answer = { status: 0, body: undefined, headers: {} };
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
      answer.file = bytes;
    },
  };
  await handler({ query: {}, params: {}, headers: {}, ...req }, res);
  return answer;
}

/** The success answer's data, parsed with the endpoint's contract schema. */
async function data<E extends (Endpoint | OpsEndpoint) & { data: z.ZodType }>(
  endpoint: E,
  req: Partial<MockRequest> = {},
) {
  const answer = await call(endpoint, req);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return ok(endpoint.data).parse(answer.body).data as ReturnType<E['data']['parse']>;
}

async function refused(answer: Promise<Answer>, errorCode: string, status: number) {
  const { status: actual, body } = await answer;
  assert.equal(errorEnvelope.parse(body).errorCode, errorCode, JSON.stringify(body));
  assert.equal(actual, status);
  return errorEnvelope.parse(body);
}

async function login(phone: string, kind = 'individual') {
  const { access_token } = await data(api.login, { body: { phone, code: '123456', kind } });
  return { authorization: `Bearer ${access_token}` };
}

/** An operator's session (a phone ending in 9999 has every permission, one ending in 8999 only centers). */
async function opsLogin(phone: string) {
  const { access_token } = await data(opsApi.opsLogin, { body: { phone, code: '123456' } });
  return { authorization: `Bearer ${access_token}` };
}

const UNKNOWN_ID = '0192f0c0-0000-7000-8000-ffffffffffff';
const DAY_MS = 86_400_000;

describe('the mock keeps to the contract', () => {
  it('has a handler for every route of contract/paths/ and none that the contract lacks', () => {
    assert.deepEqual(Object.keys(handlers).sort(), routes.map(keyOf).sort());
    for (const endpoint of [...Object.values(api), ...Object.values(opsApi)]) {
      assert.ok(routes.some((route) => keyOf(route) === keyOf(endpoint)));
    }
  });

  it('refuses each kind of account an entry leaves out, with the code the server gives', async () => {
    const as = {
      individual: await login('13500135090'),
      testCenter: await login('13500135091', 'testCenter'),
      examiner: await login('13500135092', 'examiner'),
    };
    for (const endpoint of Object.values(api as Record<string, Endpoint>)) {
      if (endpoint.auth !== 'user') continue;
      for (const kind of USER_KINDS.filter((kind) => !endpoint.access.includes(kind))) {
        await refused(call(endpoint, { headers: as[kind] }), refusalOf(endpoint), 403);
      }
    }
  });

  it('is reached through contract/paths/ alone: no service or page (tests and their harness aside) spells an /api path', () => {
    const sources = (dir: string): string[] =>
      readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) return /^(\.|testing$)/.test(entry.name) ? [] : sources(path);
        return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
      });
    const spelled = sources('src').filter((file) => /['"`]\/api\//.test(readFileSync(join(ROOT, file), 'utf8')));
    assert.deepEqual(spelled, []);
  });

  it('signs tickets with a development key the server never holds', () => {
    const body = DEV_ONLY_TICKET_SIGNING_KEY.split('\n')[1] ?? '';
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
      );
    assert.ok(body.length > 40);
    assert.deepEqual(
      files(join(ROOT, 'server')).filter((file) => readFileSync(file, 'utf8').includes(body)),
      [],
    );
  });
});

describe('mock/api.ts: logging in, the catalog and public look-ups', () => {
  it('answers the public endpoints, and pages and filters sixty open exams', async () => {
    await data(api.health);
    await data(api.ready);
    await data(api.site);
    const provinces = await data(api.provinces);
    assert.ok(provinces.length > 30);
    assert.ok((await data(api.cities, { query: { q: '44' } })).every((city) => city.provinceCode === '44'));
    const categories = await data(api.categories);
    const all = await data(api.exams, { query: { current: '1', pageSize: '100' } });
    assert.ok(all.total >= 60);
    const second = await data(api.exams, { query: { current: '2', pageSize: '10' } });
    assert.deepEqual({ length: second.list.length, current: second.current }, { length: 10, current: 2 });
    assert.ok(new Set(all.list.map((exam) => exam.province.code)).size >= 10, 'exams across provinces');
    const category = categories[0]?.code ?? '';
    const filtered = await data(api.exams, { query: { category, pageSize: '100' } });
    assert.ok(filtered.total > 0 && filtered.list.every((exam) => exam.category.code === category));
    assert.ok(all.list.some((exam) => exam.seatsLeft === 0) && all.list.some((exam) => exam.requiresAccessCode));
    const [first] = all.list;
    assert.equal((await data(api.exam, { params: { id: first?.id ?? '' } })).id, first?.id);
    await refused(call(api.exam, { params: { id: UNKNOWN_ID } }), 'NOT_FOUND', 404);
    await refused(call(api.exam, { params: { id: 'missing' } }), 'VALIDATION_FAILED', 400);
  });

  it('sends a code and logs in, then knows the user until logout', async () => {
    await data(api.sendOtp, { body: { phone: '+86 138-0013-8000', kind: 'examiner' } });
    const headers = await login('13800138000');
    await data(api.currentUser, { headers });
    await data(api.logout, { headers });
    await refused(call(api.currentUser, { headers }), 'UNAUTHORIZED', 401);
  });

  it('answers bad input with the contract error envelope', async () => {
    await refused(call(api.sendOtp, { body: { phone: '12345', kind: 'individual' } }), 'PHONE_INVALID', 400);
    await refused(call(api.sendOtp, { body: { phone: '13800138000', kind: 'admin' } }), 'KIND_INVALID', 400);
    const wrongCode = { body: { phone: '13800138000', code: '000000', kind: 'individual' } };
    await refused(call(api.login, wrongCode), 'OTP_INVALID', 400);
    await refused(call(api.currentUser), 'UNAUTHORIZED', 401);
  });
});

describe('mock/candidate.ts: a returning candidate', () => {
  it('finds a booking in every state, each priced by the server and ticketed with a token the public key verifies', async () => {
    const headers = await login('13900139001');
    const mine = await data(api.registrations, { headers, query: { pageSize: '100' } });
    const statuses = new Set(mine.list.map((registration) => registration.status));
    assert.deepEqual([...statuses].sort(), ['canceled', 'checkin', 'completed', 'pending', 'register']);
    const door = mine.list.find((registration) => registration.exam.id === history.door.id);
    assert.equal(door?.canChange, false, 'inside the lock window');
    assert.ok(mine.list.some((registration) => registration.status === 'register' && registration.canCancel));
    assert.deepEqual(await data(api.registration, { headers, params: { id: door?.id ?? '' } }), door);
    const stranger = await login('13900139009');
    await refused(call(api.registration, { headers: stranger, params: { id: door?.id ?? '' } }), 'NOT_FOUND', 404);

    const ticket = await data(api.ticket, { headers, params: { id: door?.id ?? '' } });
    const key = await data(api.ticketPublicKey);
    const { payload } = await jwtVerify(ticket.token ?? '', await importJWK(key.jwk, 'EdDSA'));
    assert.deepEqual({ sub: payload.sub, exam: payload.exam }, { sub: door?.id, exam: history.door.id });
    const pending = mine.list.find((registration) => registration.status === 'pending');
    await refused(call(api.ticket, { headers, params: { id: pending?.id ?? '' } }), 'TICKET_NOT_ISSUED', 409);

    const transactions = await data(api.transactions, { headers, query: { current: '2', pageSize: '10' } });
    assert.ok(transactions.total > 10 && transactions.list.length === transactions.total - 10);
    const orderStatuses = new Set(
      (await data(api.transactions, { headers, query: { pageSize: '100' } })).list.map((t) => t.status),
    );
    assert.deepEqual([...orderStatuses].sort(), ['expired', 'paid', 'pending', 'refunded']);
    const all = (await data(api.transactions, { headers, query: { pageSize: '100' } })).list;
    const refundStates = all.flatMap((t) => [
      ...(t.refundedFen > 0 ? ['succeeded'] : []),
      ...(t.refundPendingFen > 0 ? ['requested'] : []),
      ...(t.refundFailedFen > 0 ? ['failed'] : []),
    ]);
    assert.deepEqual(refundStates.sort(), ['failed', 'requested', 'succeeded'], 'a refund in every state');
    const waiting = all.find((t) => t.refundPendingFen > 0);
    const receipt = await data(api.order, { headers, params: { id: waiting?.orderId ?? '' } });
    assert.deepEqual(
      { status: receipt.status, refundedFen: receipt.refundedFen, states: receipt.refunds.map((r) => r.state) },
      { status: 'paid', refundedFen: 0, states: ['requested'] },
      'a refund on its way is not refunded yet',
    );
    const canceledRefunds = mine.list.filter((r) => r.status === 'canceled').map((r) => r.refund);
    assert.ok(
      canceledRefunds.some((refund) => refund?.refundFailedFen),
      'My Exams shows a failed refund',
    );

    const results = await data(api.results, { headers });
    const passed = results.find((result) => result.outcome === 'pass');
    assert.ok(results.some((result) => result.outcome === 'fail'));
    assert.ok(results.some((result) => result.registrationStatus === 'checkin' && result.outcome === null));
    const typed = (passed?.certificateNumber ?? '').toLowerCase().replace(/-/g, ' ');
    const verified = await data(api.verifyCertificate, { params: { number: typed } });
    assert.equal(verified.certificateNumber, normalizeCertificateNumber(typed));
    assert.match(verified.maskedName, /\*/);
    await refused(call(api.verifyCertificate, { params: { number: 'EA-2026-ABCDEFGH-G' } }), 'NOT_FOUND', 404);
  });

  it('books an exam, pays in the sandbox wallet, changes and cancels it', async () => {
    const headers = await login('13900139002');
    const open = await data(api.exams, { query: { pageSize: '100' } });
    const exam = open.list.find((item) => !item.requiresAccessCode && item.seatsLeft > 0);
    const examId = exam?.id ?? '';
    const quote = await data(api.quote, { headers, body: { examId, promoCode: 'spring10' } });
    const promotion = { code: 'SPRING10', discountBps: 1000, amountFen: null };
    const server = priceBooking({
      unitPriceFen: exam?.feeFen ?? 0,
      quantity: 1,
      promotion,
      handlingFeeBps: config.handlingFeeBps,
    });
    assert.deepEqual(
      { ...quote, examId: undefined, testDate: undefined, promoCode: undefined, referralCode: undefined },
      { ...server, examId: undefined, testDate: undefined, promoCode: undefined, referralCode: undefined },
    );
    await refused(call(api.quote, { headers, body: { examId, promoCode: 'NOPE' } }), 'PROMO_CODE_INVALID', 400);
    const locked = open.list.find((item) => item.requiresAccessCode);
    const wrongCode = { headers, body: { examId: locked?.id, accessCode: 'NOPE', expectedTotalFen: 0 } };
    await refused(call(api.register, wrongCode), 'ACCESS_CODE_INVALID', 400);

    const shown = await data(api.quote, { headers, body: { examId } });
    const expectedTotalFen = shown.totalFen;
    await refused(
      call(api.register, { headers, body: { examId, expectedTotalFen: expectedTotalFen + 1 } }),
      'PRICE_CHANGED',
      409,
    );
    const booked = await data(api.register, { headers, body: { examId, expectedTotalFen } });
    assert.equal(booked.order.status, 'pending');
    assert.match(booked.payment.qrContent, new RegExp(`/pay/sandbox/${booked.order.id}$`));
    const wallet = { params: { orderId: booked.order.id } };
    assert.equal((await data(api.walletOrder, wallet)).state, 'open');
    assert.equal((await data(api.walletConfirm, wallet)).state, 'paid');
    const paid = await data(api.order, { headers, params: { id: booked.order.id } });
    assert.deepEqual({ status: paid.status, qrContent: paid.qrContent }, { status: 'paid', qrContent: null });
    const registration = { headers, params: { id: booked.registration.id } };
    assert.ok((await data(api.ticket, registration)).token);

    const options = await data(api.changeOptions, registration);
    const cheaper = options.find((option) => option.feeFen <= (exam?.feeFen ?? 0));
    if (cheaper) {
      const moved = await data(api.changeRegistration, { ...registration, body: { examId: cheaper.id } });
      assert.deepEqual({ exam: moved.registration.exam.id, order: moved.order }, { exam: cheaper.id, order: null });
    }
    const dearer = options.find((option) => option.feeFen > (cheaper?.feeFen ?? exam?.feeFen ?? 0));
    if (dearer) {
      const moving = await data(api.changeRegistration, { ...registration, body: { examId: dearer.id } });
      assert.equal(moving.order?.purpose, 'change');
      await data(api.walletConfirm, { params: { orderId: moving.order?.id ?? '' } });
      const after = await data(api.registrations, { headers, query: { pageSize: '100' } });
      assert.equal(after.list.find((item) => item.id === booked.registration.id)?.exam.id, dearer.id);
    }
    const canceled = await data(api.cancelRegistration, registration);
    assert.equal(canceled.registration.status, 'canceled');
    assert.ok(canceled.refundFen > 0);
    assert.equal(canceled.registration.refund?.refundPendingFen, canceled.refundFen, 'pending, not refunded');
    const receipt = await data(api.order, { headers, params: { id: booked.order.id } });
    assert.deepEqual(receipt.refunds.map((refund) => ({ reason: refund.reason, state: refund.state })).at(-1), {
      reason: 'canceled',
      state: 'requested',
    });
    await refused(call(api.walletConfirm, wallet), 'ORDER_EXPIRED', 409);
    await refused(
      call(api.order, { headers: await login('13900139003'), params: { id: booked.order.id } }),
      'NOT_FOUND',
      404,
    );
  });
  it('moves a registration into an exam that needs an access code only with the code', async () => {
    const headers = await login('13900139004');
    const open = (await data(api.exams, { query: { pageSize: '100' } })).list;
    const invited = open.find((item) => item.requiresAccessCode);
    const exam = open.find(
      (item) => !item.requiresAccessCode && item.seatsLeft > 0 && item.category.id === invited?.category.id,
    );
    assert.ok(invited && exam, 'an open exam beside one that needs an access code');
    const { totalFen: expectedTotalFen } = await data(api.quote, { headers, body: { examId: exam.id } });
    const booked = await data(api.register, { headers, body: { examId: exam.id, expectedTotalFen } });
    await data(api.walletConfirm, { params: { orderId: booked.order.id } });
    const registration = { headers, params: { id: booked.registration.id } };
    const options = await data(api.changeOptions, registration);
    assert.equal(options.find((option) => option.id === invited.id)?.requiresAccessCode, true);
    for (const body of [{ examId: invited.id }, { examId: invited.id, accessCode: 'NOPE' }]) {
      await refused(call(api.changeRegistration, { ...registration, body }), 'ACCESS_CODE_INVALID', 400);
    }
    const mine = await data(api.registrations, registration);
    assert.equal(mine.list.find((item) => item.id === booked.registration.id)?.exam.id, exam.id);
    const body = { examId: invited.id, accessCode: ACCESS_CODE };
    const moved = await data(api.changeRegistration, { ...registration, body });
    assert.equal(moved.order?.exam.id ?? moved.registration.exam.id, invited.id);
  });

  it('finds a seat its group coordinator paid for, which only the coordinator may change or cancel', async () => {
    const headers = await login('13900139005');
    const mine = await data(api.registrations, { headers, query: { pageSize: '100' } });
    const seat = mine.list.find((registration) => registration.groupSeat);
    assert.ok(seat, 'a group seat');
    assert.deepEqual(
      { status: seat.status, canChange: seat.canChange, canCancel: seat.canCancel, by: seat.groupSeat },
      { status: 'register', canChange: false, canCancel: false, by: { coordinatorName: '王老师' } },
    );
    const registration = { headers, params: { id: seat.id } };
    await refused(call(api.cancelRegistration, registration), 'GROUP_SEAT_PAYER_ONLY', 403);
    await refused(call(api.changeOptions, registration), 'GROUP_SEAT_PAYER_ONLY', 403);
    const body = { examId: seat.exam.id };
    await refused(call(api.changeRegistration, { ...registration, body }), 'GROUP_SEAT_PAYER_ONLY', 403);
    assert.ok((await data(api.ticket, registration)).token, 'still booked');
  });
});

describe('mock/candidate.ts: a new candidate (a phone ending in 0000)', () => {
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

  it('starts with an empty profile, is refused a booking, and is refused an invalid save that changes nothing', async () => {
    const created = await data(api.login, { body: { phone: '13700130000', code: '123456', kind: 'individual' } });
    assert.equal(created.created, true);
    const headers = { authorization: `Bearer ${created.access_token}` };
    assert.deepEqual(await data(api.registrations, { headers }), { list: [], total: 0, current: 1, pageSize: 10 });
    const exam = (await data(api.exams)).list.find((item) => !item.requiresAccessCode);
    const booking = { examId: exam?.id, expectedTotalFen: 0 };
    await refused(call(api.register, { headers, body: booking }), 'PROFILE_INCOMPLETE', 409);
    const { avatarId } = await data(api.uploadAvatar, { headers });
    const save = (changes: object) => call(api.saveProfile, { headers, body: { ...valid, avatarId, ...changes } });
    await refused(save({ idNumber: '110105194912310021' }), 'ID_CARD_INVALID', 400);
    await refused(save({ invitationCode: 'NOPE' }), 'INVITATION_CODE_INVALID', 400);
    const missingName = await refused(save({ name: ' ' }), 'VALIDATION_FAILED', 400);
    assert.deepEqual(
      missingName.details?.map((detail) => detail.path),
      ['name'],
    );
    const profile = await data(api.profile, { headers });
    assert.deepEqual({ complete: profile.complete, idNumber: profile.idNumber }, { complete: false, idNumber: '' });
  });

  it('saves a valid profile, which currentUser then shows, and earns the referral discount of its invitation code', async () => {
    const headers = await login('13600130000');
    const organizations = await data(api.organizations);
    const { avatarId } = await data(api.uploadAvatar, { headers });
    const body = { ...valid, avatarId, organizationId: organizations[0]?.id, invitationCode: 'friend2026' };
    const profile = await data(api.saveProfile, { headers, body });
    assert.deepEqual(
      { idNumber: profile.idNumber, contactPhone: profile.contactPhone, complete: profile.complete },
      { idNumber: '11010519491231002X', contactPhone: '+8613900139000', complete: true },
    );
    assert.equal((await data(api.currentUser, { headers })).name, 'Li Lei');
    const examId = (await data(api.exams)).list[0]?.id;
    const quote = await data(api.quote, { headers, body: { examId } });
    assert.equal(quote.referralCode, 'FRIEND2026');
    assert.ok(quote.referralDiscountFen > 0);
  });
});

describe('mock/group.ts walks a group registration', () => {
  it('creates a group, reads an upload, checks out once, pays in the wallet and issues every ticket', async () => {
    const headers = await login('13500135000');
    const exam = (await data(api.exams)).list.find((item) => !item.requiresAccessCode);
    const coordinator = { name: 'Li Lei', phone: '135 0013 5000', organization: 'No. 1 Middle School' };
    const draft = await data(api.createGroup, { headers, body: { examId: exam?.id, coordinator } });
    assert.deepEqual({ upload: draft.upload, canUpload: draft.canUpload }, { upload: null, canUpload: true });
    const group = { headers, params: { id: draft.id } };
    const read = (await data(api.uploadGroupFile, group)).upload;
    assert.ok(read && read.accepted.length > 0 && read.rejected.length > 0, 'a mixed result');
    assert.equal(read.totalParticipants, read.accepted.length + read.rejected.length);
    const { totalFen: expectedTotalFen } = await data(api.groupQuote, { ...group, body: {} });
    await refused(call(api.groupQuote, { ...group, body: { promoCode: 'NOPE' } }), 'PROMO_CODE_INVALID', 400);
    await refused(call(api.groupTickets, group), 'TICKET_NOT_ISSUED', 409);

    await refused(
      call(api.groupCheckout, { ...group, body: { expectedTotalFen: expectedTotalFen + 1 } }),
      'PRICE_CHANGED',
      409,
    );
    const first = await data(api.groupCheckout, { ...group, body: { expectedTotalFen } });
    const again = await data(api.groupCheckout, { ...group, body: { expectedTotalFen } });
    assert.equal(first.order?.status, 'pending');
    assert.equal(again.order?.id, first.order?.id, 'a repeated checkout answers the same order');
    assert.equal(first.order?.breakdown.quantity, read.accepted.length);
    assert.equal(first.canUpload, false);
    await refused(call(api.uploadGroupFile, group), 'GROUP_LOCKED', 409);

    const orderId = first.order?.id ?? '';
    await data(api.order, { headers, params: { id: orderId } });
    await data(api.walletConfirm, { params: { orderId } });
    const paid = await data(api.group, group);
    assert.equal(paid.order?.status, 'paid');
    assert.deepEqual(
      paid.upload?.accepted.map((member) => member.status),
      read.accepted.map(() => 'register'),
    );
    const groupTickets = await data(api.groupTickets, group);
    assert.equal(groupTickets.length, read.accepted.length);
    assert.ok(groupTickets.every((ticket) => ticket.token));

    assert.ok(paid.upload?.accepted.every((member) => member.canCancel));
    const registrationId = paid.upload?.accepted[1]?.registrationId ?? '';
    const member = { headers, params: { id: draft.id, registrationId } };
    const stranger = { ...member, headers: await login('13500135001') };
    await refused(call(api.cancelGroupMember, stranger), 'NOT_FOUND', 404);
    const canceled = await data(api.cancelGroupMember, member);
    const share = Math.floor(expectedTotalFen / read.accepted.length);
    assert.deepEqual(
      { refundFen: canceled.refundFen, refundedFen: canceled.group.order?.refundedFen },
      { refundFen: share, refundedFen: share },
    );
    assert.deepEqual(
      canceled.group.upload?.accepted.map((m) => m.status),
      read.accepted.map((_, index) => (index === 1 ? 'canceled' : 'register')),
    );
    await refused(call(api.cancelGroupMember, member), 'STATUS_TRANSITION_INVALID', 409);
  });

  it('serves the member template in both formats as downloads', async () => {
    const xlsx = await call(paths.groupTemplate, { query: { format: 'xlsx' } });
    assert.equal(xlsx.file?.subarray(0, 2).toString('latin1'), 'PK', 'an .xlsx is a zip');
    assert.match(xlsx.headers['content-disposition'] ?? '', /filename="group-registration-template\.xlsx"/);
    const csv = (await call(paths.groupTemplate, { query: { format: 'csv' } })).file?.toString('utf8');
    assert.match(csv ?? '', /^\uFEFF姓名 \/ Name,/);
    await refused(call(paths.groupTemplate, { query: { format: 'pdf' } }), 'VALIDATION_FAILED', 400);
  });

  it("answers another coordinator's group as not found and refuses groups to test centers", async () => {
    const owner = await login('13400134000');
    const examId = (await data(api.exams)).list[0]?.id;
    const coordinator = { name: 'Li Lei', phone: '13400134000', organization: 'No. 1 Middle School' };
    const { id } = await data(api.createGroup, { headers: owner, body: { examId, coordinator } });
    const stranger = await login('13300133000');
    await refused(call(api.group, { headers: stranger, params: { id } }), 'NOT_FOUND', 404);
    await refused(call(api.uploadGroupFile, { headers: stranger, params: { id } }), 'NOT_FOUND', 404);
    const center = await login('13200132000', 'testCenter');
    await refused(call(api.createGroup, { headers: center, body: { examId, coordinator } }), 'STUDENTS_ONLY', 403);
  });
});

describe('mock/examiner.ts answers the door', () => {
  it('keeps the examiner profile, refusing a bad ID card number', async () => {
    const headers = await login('13100130000', 'examiner');
    assert.equal((await data(api.examinerProfile, { headers })).complete, false);
    const body = { name: 'Zhao Min', address: '1 Example Road', identityId: '11010519491231002x' };
    assert.equal((await data(api.saveExaminerProfile, { headers, body })).identityId, '11010519491231002X');
    const bad = { ...body, identityId: '110105194912310021' };
    await refused(call(api.saveExaminerProfile, { headers, body: bad }), 'ID_CARD_INVALID', 400);
    assert.equal((await data(api.examinerProfile, { headers })).complete, true);
  });

  it('lists the assigned exams, finds a candidate, and checks them in once by lookup or signed ticket', async () => {
    const headers = await login('13100131001', 'examiner');
    const [door, other] = await data(api.examinerExams, { headers });
    assert.equal(door?.id, history.door.id);
    assert.ok(door && other, 'two assigned exams');
    const booked = rosterOf(door.id).find((entry) => entry.status === 'register' && !entry.userId);
    const query = { q: booked?.person.phone.slice(3) ?? '' };
    const [candidate] = await data(api.lookupCandidates, { headers, params: { id: door.id }, query });
    assert.equal(candidate?.registrationId, booked?.id);
    const registrationId = candidate?.registrationId ?? '';
    await data(api.examinerCandidate, { headers, params: { id: door.id, registrationId } });

    const checkin = (examId: string, body: object) => call(api.checkin, { headers, params: { id: examId }, body });
    const first = ok(api.checkin.data).parse((await checkin(door.id, { registrationId })).body).data;
    assert.equal(first.alreadyCheckedIn, false);
    const token = await tickets.signTicket({ registrationId, examId: door.id, startsAt: new Date(door.startsAt) });
    const again = ok(api.checkin.data).parse((await checkin(door.id, { token })).body).data;
    assert.equal(again.alreadyCheckedIn, true);
    assert.equal((await data(api.examinerExams, { headers }))[0]?.checkedIn, door.checkedIn + 1);

    await refused(checkin(other.id, { token }), 'TICKET_OTHER_EXAM', 409);
    await refused(checkin(door.id, { token: 'not-a-ticket-token-at-all' }), 'TICKET_INVALID', 400);
    const canceled = rosterOf(door.id).find((entry) => entry.status === 'canceled');
    const canceledToken = await tickets.signTicket({
      registrationId: canceled?.id ?? '',
      examId: door.id,
      startsAt: new Date(door.startsAt),
    });
    await refused(checkin(door.id, { token: canceledToken }), 'TICKET_CANCELED', 409);
    const lookup = { headers, params: { id: door.id }, query: { q: canceled?.person.idNumber ?? '' } };
    assert.deepEqual(await data(api.lookupCandidates, lookup), [], 'canceled registrations are not found');
    const partial = { headers, params: { id: door.id }, query: { q: '1380' } };
    await refused(call(api.lookupCandidates, partial), 'VALIDATION_FAILED', 400);
  });

  it('refuses the door to candidates and exams not assigned', async () => {
    await refused(call(api.examinerExams, { headers: await login('13100131002') }), 'EXAMINERS_ONLY', 403);
    await refused(call(api.examinerExams), 'UNAUTHORIZED', 401);
    const headers = await login('13100131003', 'examiner');
    const params = { id: UNKNOWN_ID, registrationId: UNKNOWN_ID };
    await refused(call(api.examinerCandidate, { headers, params }), 'NOT_FOUND', 404);
  });
});

describe('mock/center.ts runs a test center', () => {
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
  const draft = (code: string, changes: object = {}) => ({
    code,
    name: { zh: '汉语水平考试五级', en: 'HSK Level 5' },
    categoryId: '',
    location: { zh: '北京市示例路 1 号', en: '1 Example Road, Beijing' },
    startsAt: new Date(Date.now() + 20 * DAY_MS).toISOString(),
    registrationEndsAt: new Date(Date.now() + 15 * DAY_MS).toISOString(),
    feeFen: 19_950,
    capacity: 40,
    ...changes,
  });

  it('a new center saves its profile, then creates and edits exams', async () => {
    const headers = await login('13000130000', 'testCenter');
    const categoryId = (await data(api.categories))[0]?.id;
    assert.equal((await data(api.centerProfile, { headers })).complete, false);
    const early = { headers, body: draft('EARLY-1', { categoryId }) };
    await refused(call(api.createExam, early), 'CENTER_PROFILE_INCOMPLETE', 409);
    const { id: licenseId } = await data(api.uploadLicense, { headers });
    const badTaxId = { headers, body: { ...profile, licenseId, taxId: '91110105MA01ABCD14' } };
    await refused(call(api.saveCenterProfile, badTaxId), 'TAX_ID_INVALID', 400);
    const saved = await data(api.saveCenterProfile, { headers, body: { ...profile, licenseId } });
    assert.deepEqual(
      { taxId: saved.taxId, contactPhone: saved.contactPhone, complete: saved.complete },
      { taxId: '91110105MA01ABCD13', contactPhone: '+8613600136000', complete: true },
    );
    await data(api.uploadLogo, { headers });

    const late = { registrationEndsAt: new Date(Date.now() + 21 * DAY_MS).toISOString(), categoryId };
    await refused(
      call(api.createExam, { headers, body: draft('HSK-5-A', late) }),
      'REGISTRATION_ENDS_AFTER_START',
      400,
    );
    const exam = await data(api.createExam, { headers, body: draft('hsk-5-a', { categoryId }) });
    assert.deepEqual({ code: exam.code, province: exam.province.code }, { code: 'HSK-5-A', province: '11' });
    await refused(call(api.createExam, { headers, body: draft('HSK-5-A', { categoryId }) }), 'EXAM_CODE_TAKEN', 409);
    const params = { id: exam.id };
    const free = await data(api.updateExam, { headers, params, body: draft('HSK-5-A', { categoryId, feeFen: 0 }) });
    assert.equal(free.feeFen, 0);
    assert.equal((await data(api.centerExams, { headers })).total, 1);
    await data(api.centerExam, { headers, params });
  });

  it('a returning center pages its exams, searches and exports a roster, assigns examiners, and publishes results once', async () => {
    const headers = await login('13000130001', 'testCenter');
    const exams = await data(api.centerExams, { headers, query: { pageSize: '100' } });
    assert.ok(exams.total > 10);
    const held = exams.list.find((exam) => exam.counts.checkin > 0);
    assert.ok(held, 'an exam held yesterday');
    const params = { id: held.id };
    const roster = async (query: Record<string, string>) => data(api.roster, { headers, params, query });
    const checkedIn = (await roster({ status: 'checkin' })).list;
    assert.equal(checkedIn.length, held.counts.checkin);
    const [first, second] = checkedIn;
    assert.ok(first && second);
    const search = await roster({ q: first.phone.slice(-6) });
    assert.deepEqual(
      search.list.map((entry) => entry.registrationId),
      [first.registrationId],
    );
    const file = await call(paths.rosterExport, { headers, params, query: {} });
    assert.equal(file.file?.subarray(0, 2).toString('latin1'), 'PK', 'an .xlsx is a zip');
    assert.match(file.headers['content-disposition'] ?? '', new RegExp(`roster-${held.code}\\.xlsx`));

    await refused(call(api.assignExaminer, { headers, params, body: { phone: '12345' } }), 'PHONE_INVALID', 400);
    const [examiner] = await data(api.assignExaminer, { headers, params, body: { phone: '135 0013 5000' } });
    assert.equal(examiner?.phone, '+8613500135000');
    assert.equal((await data(api.examExaminers, { headers, params })).length, 1);
    const left = await data(api.unassignExaminer, { headers, params: { ...params, userId: examiner?.userId } });
    assert.deepEqual(left, []);

    const result = (registrationId: string, outcome: string) =>
      call(api.enterResult, { headers, params: { ...params, registrationId }, body: { outcome } });
    assert.equal(
      ok(api.enterResult.data).parse((await result(first.registrationId, 'fail')).body).data.outcome,
      'fail',
    );
    const sheet = await data(api.uploadResults, { headers, params });
    assert.equal(sheet.updated, 1);
    assert.ok(sheet.rejected.length > 0);
    const published = await data(api.publishResults, { headers, params });
    // The failed and the passed candidate complete; the others, without a result, stay checked in.
    assert.deepEqual({ done: published.completed, certificates: published.certificates }, { done: 2, certificates: 1 });
    const passed = (await roster({ status: 'completed' })).list.find((entry) => entry.outcome === 'pass');
    assert.ok(passed?.certificateNumber && normalizeCertificateNumber(passed.certificateNumber));
    await refused(call(api.publishResults, { headers, params }), 'RESULTS_PUBLISHED', 409);
  });

  it('a returning center cancels an exam to come, refunding its paid candidates and releasing its holds', async () => {
    const headers = await login('13000130002', 'testCenter');
    const exams = await data(api.centerExams, { headers, query: { pageSize: '100' } });
    const coming = exams.list.find((exam) => exam.counts.register > 10);
    assert.ok(coming);
    const params = { id: coming.id };
    const categoryId = coming.category.id;
    const fewer = draft(coming.code, { categoryId, capacity: coming.seatsTaken - 1 });
    await refused(call(api.updateExam, { headers, params, body: fewer }), 'EXAM_CAPACITY_BELOW_TAKEN', 409);
    const canceled = await data(api.cancelExam, { headers, params });
    assert.deepEqual(
      { refunded: canceled.refunded, released: canceled.released, notified: canceled.notified },
      { refunded: coming.counts.register, released: coming.counts.pending, notified: coming.counts.register },
    );
    assert.equal(canceled.exam.status, 'canceled');
  });

  it("answers another center's exam as not found and refuses centers' calls to anyone else", async () => {
    const own = await data(api.centerExams, { headers: await login('13000130003', 'testCenter') });
    const id = own.list[0]?.id ?? '';
    const other = await login('13000130004', 'testCenter');
    await refused(call(api.centerExam, { headers: other, params: { id } }), 'NOT_FOUND', 404);
    await refused(call(api.roster, { headers: other, params: { id } }), 'NOT_FOUND', 404);
    await refused(call(api.centerProfile, { headers: await login('13000130005') }), 'TEST_CENTERS_ONLY', 403);
    await refused(call(api.centerExams), 'UNAUTHORIZED', 401);
  });
});

describe('mock/ops.ts runs the operators console', () => {
  it('logs an operator in with its permissions, and tells an unknown phone nothing', async () => {
    const headers = await opsLogin('138 0013 9999');
    const me = await data(api.currentUser, { headers });
    assert.equal(me.kind, 'operator');
    assert.deepEqual(me.kind === 'operator' && me.permissions, [
      'centers',
      'catalog',
      'finance',
      'support',
      'operators',
      'audit',
    ]);
    const known = await data(opsApi.opsSendOtp, { body: { phone: '13800139999' } });
    const unknown = await data(opsApi.opsSendOtp, { body: { phone: '13800131234' } });
    assert.deepEqual(Object.keys(unknown), Object.keys(known));
    await refused(call(opsApi.opsLogin, { body: { phone: '13800131234', code: '123456' } }), 'OTP_INVALID', 400);
    await refused(
      call(opsApi.opsSendOtp, { body: { phone: '13800139999', kind: 'operator' } }),
      'VALIDATION_FAILED',
      400,
    );
  });

  it('refuses every operators endpoint to the anonymous, to other kinds of account, and without its permission', async () => {
    const as = {
      candidate: await login('13900139101'),
      center: await login('13000130101', 'testCenter'),
      examiner: await login('13100131101', 'examiner'),
      centersOnly: await opsLogin('13800138999'),
    };
    const guarded = Object.values(opsApi).filter((endpoint) => endpoint.auth === 'user');
    assert.ok(guarded.length >= 19);
    for (const endpoint of guarded) {
      const params = { id: UNKNOWN_ID };
      await refused(call(endpoint, { params }), 'UNAUTHORIZED', 401);
      for (const headers of [as.candidate, as.center, as.examiner]) {
        await refused(call(endpoint, { headers, params }), 'OPERATORS_ONLY', 403);
      }
      if ('permission' in endpoint && endpoint.permission !== 'centers') {
        await refused(call(endpoint, { headers: as.centersOnly, params }), 'PERMISSION_DENIED', 403);
      }
    }
    // The dashboard needs no permission: it only leaves out the money figures.
    const anyOperator = guarded.filter((endpoint) => !('permission' in endpoint));
    assert.deepEqual(anyOperator, [opsApi.opsDashboard]);
    const query = { from: '2026-11-01', to: '2026-11-14' };
    const figures = await data(opsApi.opsDashboard, { headers: as.centersOnly, query });
    assert.ok(figures.days.every((day) => day.revenueFen === null && day.refundedFen === null));
    assert.equal(figures.failedRefunds.amountFen, null);
  });

  it('approves, rejects with a reason and suspends centers, each leaving an audit row', async () => {
    const headers = await opsLogin('13800139999');
    const queue = await data(opsApi.opsCenters, { headers, query: { status: 'pending' } });
    assert.ok(queue.total >= 3 && queue.list.every((center) => center.verification.status === 'pending'));
    assert.deepEqual(
      new Set(queue.list.map((center) => center.taxIdCheck)),
      new Set(['valid', 'checkCharacterMismatch', 'malformed']),
    );
    const [first, second] = queue.list;
    const approved = await data(opsApi.opsApproveCenter, { headers, params: { id: first?.id ?? '' } });
    assert.equal(approved.verification.status, 'approved');
    await refused(
      call(opsApi.opsRejectCenter, { headers, params: { id: first?.id ?? '' }, body: { reason: 'x' } }),
      'STATUS_TRANSITION_INVALID',
      409,
    );
    const noReason = { headers, params: { id: second?.id ?? '' }, body: { reason: '  ' } };
    await refused(call(opsApi.opsRejectCenter, noReason), 'VALIDATION_FAILED', 400);
    const reason = 'The license photo is unreadable.';
    const rejected = await data(opsApi.opsRejectCenter, { ...noReason, body: { reason } });
    assert.deepEqual(rejected.verification.status === 'rejected' && rejected.verification.reason, reason);
    const suspended = await data(opsApi.opsSuspendCenter, { headers, params: { id: first?.id ?? '' } });
    assert.equal(suspended.verification.status, 'suspended');
    const rows = await data(opsApi.opsAudit, { headers, query: { pageSize: '3' } });
    assert.deepEqual(
      rows.list.map((row) => [row.action, row.target.id]),
      [
        ['center.suspend', first?.id],
        ['center.reject', second?.id],
        ['center.approve', first?.id],
      ],
    );
    assert.deepEqual(rows.list[1]?.after?.reason, reason);
    const rejections = await data(opsApi.opsAudit, { headers, query: { action: 'center.reject', from: '2000-01-01' } });
    assert.ok(rejections.list.every((row) => row.action === 'center.reject'));
    await refused(
      call(opsApi.opsAudit, { headers, query: { from: '2026-02-01', to: '2026-01-01' } }),
      'VALIDATION_FAILED',
      400,
    );
  });

  it("puts a new center in the queue and shows it the operators' decision", async () => {
    const centerHeaders = await login('13000140000', 'testCenter');
    const { id: licenseId } = await data(api.uploadLicense, { headers: centerHeaders });
    const profile = {
      businessName: 'Haidian Queue Center',
      licenseId,
      taxId: '91110105MA01ABCD13',
      capacity: 30,
      contactName: 'Li Na',
      contactPhone: '13600136001',
      provinceCode: '11',
      cityCode: '1101',
      address: '2 Example Road',
    };
    const saved = await data(api.saveCenterProfile, { headers: centerHeaders, body: profile });
    assert.equal(saved.verification?.status, 'pending');
    const headers = await opsLogin('13800139999');
    const found = await data(opsApi.opsCenters, { headers, query: { q: 'Haidian Queue' } });
    const id = found.list[0]?.id ?? '';
    assert.equal(found.list[0]?.taxIdCheck, 'valid');
    await data(opsApi.opsRejectCenter, { headers, params: { id }, body: { reason: 'Upload a color scan.' } });
    const seen = await data(api.centerProfile, { headers: centerHeaders });
    assert.deepEqual(seen.verification && [seen.verification.status, seen.verification.reason], [
      'rejected',
      'Upload a color scan.',
    ]);
  });

  it('keeps the catalog: categories and organizations in both languages, retired not deleted; promotions', async () => {
    const headers = await opsLogin('13800139999');
    const name = { zh: '急救', en: 'First aid' };
    const category = await data(opsApi.opsCreateCategory, { headers, body: { code: 'first-aid', name } });
    assert.equal(category.code, 'FIRST-AID');
    await refused(
      call(opsApi.opsCreateCategory, { headers, body: { code: 'FIRST-AID', name } }),
      'CATEGORY_CODE_TAKEN',
      409,
    );
    await refused(
      call(opsApi.opsCreateCategory, { headers, body: { code: 'X', name: { zh: '', en: 'x' } } }),
      'VALIDATION_FAILED',
      400,
    );
    const params = { id: category.id };
    const renamed = await data(opsApi.opsUpdateCategory, {
      headers,
      params,
      body: { name: { ...name, en: 'First Aid' } },
    });
    assert.equal(renamed.name.en, 'First Aid');
    assert.equal((await data(opsApi.opsRetireCategory, { headers, params })).status, 'retired');
    const inUse = (await data(opsApi.opsCategories, { headers, query: { pageSize: '100' } })).list;
    assert.ok(inUse.some((item) => item.examCount > 0));

    const organization = await data(opsApi.opsCreateOrganization, {
      headers,
      body: { name: { zh: '红十字会', en: 'Red Cross' } },
    });
    assert.equal(
      (await data(opsApi.opsRetireOrganization, { headers, params: { id: organization.id } })).status,
      'retired',
    );

    const demo = await data(opsApi.opsPromotions, { headers });
    assert.deepEqual(demo.list.map((item) => item.code).sort(), ['FRIEND2026', 'SPRING10', 'WELCOME20']);
    const now = Date.now();
    const draft = {
      code: 'summer15',
      kind: 'promotion',
      discountType: 'percent',
      percentOff: 15,
      amountOffFen: null,
      validFrom: new Date(now).toISOString(),
      validUntil: new Date(now + 30 * DAY_MS).toISOString(),
      usageCap: 100,
      scope: 'category',
      scopeTargetId: inUse[0]?.id ?? '',
      active: true,
    };
    const created = await data(opsApi.opsCreatePromotion, { headers, body: draft });
    assert.deepEqual([created.code, created.scopeTarget?.id, created.usageCount], ['SUMMER15', inUse[0]?.id, 0]);
    const candidate = await login('13900139021');
    const open = (await data(api.exams, { query: { pageSize: '100' } })).list;
    const inScope = open.find((item) => item.category.id === inUse[0]?.id);
    const outOfScope = open.find((item) => item.category.id !== inUse[0]?.id);
    const priced = await data(api.quote, { headers: candidate, body: { examId: inScope?.id, promoCode: 'summer15' } });
    assert.equal(priced.promoCode, 'SUMMER15', 'checkout prices with what the operator added');
    const elsewhere = call(api.quote, { headers: candidate, body: { examId: outOfScope?.id, promoCode: 'SUMMER15' } });
    await refused(elsewhere, 'PROMO_CODE_NOT_FOR_EXAM', 400);
    await refused(call(opsApi.opsCreatePromotion, { headers, body: draft }), 'PROMO_CODE_TAKEN', 409);
    const backwards = { ...draft, code: 'LATE', validUntil: new Date(now - DAY_MS).toISOString() };
    await refused(call(opsApi.opsCreatePromotion, { headers, body: backwards }), 'PROMOTION_WINDOW_INVALID', 400);
    const both = { ...draft, code: 'BOTH', amountOffFen: 500 };
    await refused(call(opsApi.opsCreatePromotion, { headers, body: both }), 'VALIDATION_FAILED', 400);
    const fixed = { ...draft, discountType: 'fixed', percentOff: null, amountOffFen: 3000 };
    const edited = await data(opsApi.opsUpdatePromotion, { headers, params: { id: created.id }, body: fixed });
    assert.deepEqual([edited.discountType, edited.amountOffFen], ['fixed', 3000]);
    const recoded = { params: { id: created.id }, body: { ...fixed, code: 'AUTUMN15' } };
    await refused(call(opsApi.opsUpdatePromotion, { headers, ...recoded }), 'PROMOTION_CODE_FIXED', 409);
    const nowhere = { ...draft, code: 'NOWHERE', scope: 'exam', scopeTargetId: '0192f0c0-0000-7000-8000-00000000dead' };
    await refused(call(opsApi.opsCreatePromotion, { headers, body: nowhere }), 'PROMOTION_SCOPE_INVALID', 400);
  });

  it('invites and removes operators, never oneself', async () => {
    const headers = await opsLogin('13800139999');
    const me = await data(api.currentUser, { headers });
    const body = { phone: '13800137777', name: 'Sun Li', permissions: ['audit'] };
    const list = await data(opsApi.opsInviteOperator, { headers, body });
    const invited = list.find((item) => item.phone === '+8613800137777');
    assert.deepEqual(invited?.permissions, ['audit']);
    await refused(call(opsApi.opsInviteOperator, { headers, body }), 'OPERATOR_EXISTS', 409);
    await refused(
      call(opsApi.opsInviteOperator, { headers, body: { ...body, phone: '13800137778', permissions: [] } }),
      'VALIDATION_FAILED',
      400,
    );
    const theirs = await opsLogin('13800137777');
    await data(opsApi.opsAudit, { headers: theirs });
    await refused(call(opsApi.opsRemoveOperator, { headers, params: { id: me.id } }), 'OPERATOR_SELF_REMOVAL', 409);
    await data(opsApi.opsRemoveOperator, { headers, params: { id: invited?.id ?? '' } });
    await refused(call(opsApi.opsAudit, { headers: theirs }), 'UNAUTHORIZED', 401);
  });

  it('finds orders by phone, transaction id and exam, and opens one to its timeline', async () => {
    const headers = await opsLogin('13800139999');
    const byPhone = await data(opsApi.opsOrders, { headers, query: { phone: '139 0013 9001' } });
    assert.equal(byPhone.total, 2);
    assert.ok(byPhone.list.every((order) => order.payer.phone === '+8613900139001'));
    const paid = byPhone.list.find((order) => order.status === 'paid' && order.refundedFen > 0);
    assert.ok(paid?.transactionId);
    const byTransaction = await data(opsApi.opsOrders, { headers, query: { transactionId: paid.transactionId } });
    assert.deepEqual(
      byTransaction.list.map((order) => order.id),
      [paid.id],
    );
    const byExam = await data(opsApi.opsOrders, { headers, query: { exam: paid.exam.code.toLowerCase() } });
    assert.ok(byExam.list.some((order) => order.id === paid.id));
    await refused(call(opsApi.opsOrders, { headers, query: { phone: '12345' } }), 'PHONE_INVALID', 400);
    await refused(call(opsApi.opsOrders, { headers, query: { orderId: 'not-an-id' } }), 'VALIDATION_FAILED', 400);

    const detail = await data(opsApi.opsOrder, { headers, params: { id: paid.id } });
    const types = detail.timeline.map((event) => event.type);
    assert.deepEqual(types.slice(0, 2), ['created', 'payment']);
    assert.ok(detail.timeline.some((event) => event.type === 'payment' && event.outcome === 'duplicate'));
    assert.ok(detail.refunds.some((refund) => refund.reason === 'manual' && refund.note));
    const all = await data(opsApi.opsOrders, { headers, query: { pageSize: '100' } });
    const expired = all.list.find((order) => order.status === 'expired');
    const forged = await data(opsApi.opsOrder, { headers, params: { id: expired?.id ?? '' } });
    assert.ok(forged.timeline.some((event) => event.type === 'payment' && event.outcome === 'rejected'));
    assert.ok(forged.timeline.some((event) => event.type === 'closed' && event.status === 'expired'));
    const changed = all.list.find((order) => order.quantity === 2);
    const group = await data(opsApi.opsOrder, { headers, params: { id: changed?.id ?? '' } });
    assert.ok(group.timeline.some((event) => event.type === 'change'));
  });

  it('refunds part of a paid order, never more than is refundable, and leaves an audit row', async () => {
    const headers = await opsLogin('13800139999');
    const paid = (await data(opsApi.opsOrders, { headers, query: { status: 'paid', pageSize: '100' } })).list.find(
      (order) => order.refundableFen > 1000,
    );
    assert.ok(paid);
    const params = { id: paid.id };
    const tooMuch = { amountFen: paid.refundableFen + 1, reason: 'Goodwill' };
    await refused(call(opsApi.opsRefundOrder, { headers, params, body: tooMuch }), 'REFUND_EXCEEDS_REFUNDABLE', 409);
    await refused(
      call(opsApi.opsRefundOrder, { headers, params, body: { amountFen: 1000, reason: ' ' } }),
      'VALIDATION_FAILED',
      400,
    );
    const after = await data(opsApi.opsRefundOrder, {
      headers,
      params,
      body: { amountFen: 1000, reason: 'Room changed' },
    });
    assert.equal(after.refundableFen, paid.refundableFen - 1000);
    const manual = after.refunds.at(-1);
    assert.deepEqual([manual?.amountFen, manual?.reason, manual?.note], [1000, 'manual', 'Room changed']);
    const [row] = (await data(opsApi.opsAudit, { headers, query: { action: 'order.refund' } })).list;
    assert.equal(row?.target.id, paid.id);
    const expired = (await data(opsApi.opsOrders, { headers, query: { status: 'expired' } })).list[0];
    await refused(
      call(opsApi.opsRefundOrder, {
        headers,
        params: { id: expired?.id ?? '' },
        body: { amountFen: 100, reason: 'x' },
      }),
      'ORDER_NOT_REFUNDABLE',
      409,
    );
  });

  it('lists the failed refund and retries it once', async () => {
    const headers = await opsLogin('13800139999');
    const failed = await data(opsApi.opsFailedRefunds, { headers });
    assert.equal(failed.total, 1);
    const [refund] = failed.list;
    assert.equal(refund?.state, 'failed');
    assert.ok(refund?.lastError && refund.order.payer.phone);
    const retried = await data(opsApi.opsRetryRefund, { headers, params: { id: refund?.id ?? '' } });
    assert.deepEqual([retried.state, retried.attempts, retried.completedAt], ['requested', 0, null]);
    await refused(call(opsApi.opsRetryRefund, { headers, params: { id: retried.id } }), 'REFUND_NOT_FAILED', 409);
    assert.equal((await data(opsApi.opsFailedRefunds, { headers })).total, 0);
    const [row] = (await data(opsApi.opsAudit, { headers, query: { action: 'refund.retry' } })).list;
    assert.equal(row?.target.id, retried.id);
  });

  it("reconciles a day against the provider's record, naming the mismatch, and exports it and the orders", async () => {
    const headers = await opsLogin('13800139999');
    const group = (await data(opsApi.opsOrders, { headers, query: { pageSize: '100' } })).list.find(
      (order) => order.quantity === 2,
    );
    const date = new Date(Date.parse(group?.paidAt ?? '') + 8 * 3_600_000).toISOString().slice(0, 10);
    const day = await data(opsApi.opsReconciliation, { headers, query: { date } });
    assert.equal(day.mismatches.length, 1);
    const [mismatch] = day.mismatches;
    assert.deepEqual([mismatch?.kind, mismatch?.orderId], ['amount_differs', group?.id]);
    assert.equal((mismatch?.platform?.amountFen ?? 0) - (mismatch?.provider?.amountFen ?? 0), 100);
    assert.equal(day.platform.paidFen - day.providerTotals.paidFen, 100);
    const quiet = await data(opsApi.opsReconciliation, { headers, query: { date: '2020-01-01' } });
    assert.deepEqual([quiet.mismatches, quiet.platform.paidCount], [[], 0]);
    await refused(call(opsApi.opsReconciliation, { headers, query: { date: '2999-01-01' } }), 'VALIDATION_FAILED', 400);
    await refused(call(opsApi.opsReconciliation, { headers, query: {} }), 'VALIDATION_FAILED', 400);

    for (const [endpoint, query] of [
      [opsApi.opsReconciliationExport, { date }],
      [opsApi.opsOrdersExport, { phone: '13900139001' }],
    ] as const) {
      const file = await call(endpoint, { headers, query });
      assert.equal(file.status, 200);
      assert.equal(file.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      assert.equal(file.file?.subarray(0, 2).toString(), 'PK');
    }
  });

  it('answers the dashboard over every day of the range, with money for finance', async () => {
    const headers = await opsLogin('13800139999');
    const figures = await data(opsApi.opsDashboard, { headers, query: { from: '2026-11-01', to: '2026-11-14' } });
    assert.deepEqual(
      figures.days.map((day) => day.date),
      Array.from({ length: 14 }, (_, n) => `2026-11-${String(n + 1).padStart(2, '0')}`),
    );
    assert.ok(figures.days.every((day) => day.revenueFen !== null));
    assert.ok(figures.pendingCenters >= 0 && figures.failedRefunds.amountFen !== null);
    await refused(
      call(opsApi.opsDashboard, { headers, query: { from: '2026-11-14', to: '2026-11-01' } }),
      'VALIDATION_FAILED',
      400,
    );
    await refused(
      call(opsApi.opsDashboard, { headers, query: { from: '2024-01-01', to: '2026-01-01' } }),
      'VALIDATION_FAILED',
      400,
    );
  });

  it('looks a candidate up, ends their sessions, exports their data and erases or anonymizes them', async () => {
    const headers = await opsLogin('13800139999');
    const [liLei] = await data(opsApi.opsCandidates, { headers, query: { phone: '13900139001' } });
    assert.equal(liLei?.name, 'Li Lei');
    const id = liLei?.id ?? '';
    await refused(call(opsApi.opsCandidates, { headers, query: {} }), 'VALIDATION_FAILED', 400);
    await refused(
      call(opsApi.opsCandidates, { headers, query: { phone: '13900139001', idNumber: '11010119900307123X' } }),
      'VALIDATION_FAILED',
      400,
    );
    const detail = await data(opsApi.opsCandidate, { headers, params: { id } });
    assert.equal(detail.orders.length, 2);
    assert.ok(detail.registrations.some((registration) => registration.outcome === 'pass'));

    const file = await call(opsApi.opsCandidateExport, { headers, params: { id } });
    assert.equal(file.headers['content-type'], 'application/json');
    const exported = JSON.parse(file.file?.toString() ?? '{}');
    assert.equal(exported.account.phone, '+8613900139001');
    const [byIdNumber] = await data(opsApi.opsCandidates, { headers, query: { idNumber: exported.profile.idNumber } });
    assert.equal(byIdNumber?.id, id);

    assert.equal((await data(opsApi.opsEndCandidateSessions, { headers, params: { id } })).ended, 2);
    assert.equal((await data(opsApi.opsCandidate, { headers, params: { id } })).activeSessions, 0);

    const wrong = { confirmPhone: '13900139002' };
    await refused(
      call(opsApi.opsEraseCandidate, { headers, params: { id }, body: wrong }),
      'ERASURE_CONFIRMATION_MISMATCH',
      400,
    );
    const anonymized = await data(opsApi.opsEraseCandidate, {
      headers,
      params: { id },
      body: { confirmPhone: '139-0013-9001' },
    });
    assert.equal(anonymized.outcome, 'anonymized');
    assert.deepEqual(
      anonymized.kept.map((item) => item.record),
      ['results', 'certificates', 'orders', 'refunds', 'registrations'],
    );
    assert.equal(anonymized.kept.find((item) => item.record === 'orders')?.count, detail.orders.length);
    const [erasure] = (await data(opsApi.opsAudit, { headers, query: { action: 'candidate.erase' } })).list;
    assert.equal(erasure?.target.label, '+86 139****9001', 'the log keeps the masked phone, not the name');
    assert.deepEqual(await data(opsApi.opsCandidates, { headers, query: { phone: '13900139001' } }), []);
    assert.ok((await data(opsApi.opsCandidate, { headers, params: { id } })).anonymizedAt);

    const [hanMeimei] = await data(opsApi.opsCandidates, { headers, query: { phone: '13900139002' } });
    const erased = await data(opsApi.opsEraseCandidate, {
      headers,
      params: { id: hanMeimei?.id ?? '' },
      body: { confirmPhone: '13900139002' },
    });
    assert.deepEqual([erased.outcome, erased.kept], ['erased', []]);
    await refused(call(opsApi.opsCandidate, { headers, params: { id: hanMeimei?.id ?? '' } }), 'NOT_FOUND', 404);
    const actions = (await data(opsApi.opsAudit, { headers, query: { pageSize: '20' } })).list.map((row) => row.action);
    for (const action of ['candidate.view', 'candidate.logout', 'candidate.export', 'candidate.erase'] as const) {
      assert.ok(actions.includes(action), action);
    }
  });

  it('exports the audit rows a filter finds as .xlsx, and records the export', async () => {
    const headers = await opsLogin('13800139999');
    const { total } = await data(opsApi.opsAudit, { headers, query: { action: 'operator.login' } });
    const file = await call(opsApi.opsAuditExport, { headers, query: { action: 'operator.login' } });
    assert.equal(file.headers['content-type'], 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.file as unknown as ArrayBuffer);
    assert.equal(workbook.worksheets[0]?.actualRowCount, total + 1, 'a header and every row');
    const [exported] = (await data(opsApi.opsAudit, { headers, query: { action: 'audit.export' } })).list;
    assert.deepEqual(exported?.after, { filters: { action: 'operator.login' }, rows: total });
    await refused(
      call(opsApi.opsAuditExport, { headers, query: { from: '2026-02-01', to: '2026-01-01' } }),
      'VALIDATION_FAILED',
      400,
    );
  });
});

describe('mock/queue.ts lines candidates up in a waiting room', () => {
  it('lets an operator switch an exam to a waiting room, where a candidate keeps one place until admitted', async () => {
    const operator = await opsLogin('13800139999');
    const candidate = await login('13900139501');
    const [exam] = (await data(api.exams, { query: { pageSize: '100' } })).list.filter((open) => open.seatsLeft > 0);
    const params = { id: exam?.id ?? '' };
    const switched = await data(opsApi.opsWaitingRoom, { headers: operator, params, body: { enabled: true } });
    assert.equal(switched.waitingRoom, true);
    assert.equal((await data(api.exam, { params })).waitingRoom, true);

    const joined = await data(api.queueJoin, { headers: candidate, params });
    assert.equal(joined.state, 'waiting');
    assert.ok(joined.position !== null && joined.ahead === joined.position - 1);
    assert.ok(joined.nextCheckSeconds > 0 && joined.admission === null);
    const again = await data(api.queueJoin, { headers: candidate, params });
    assert.ok(again.position !== null && again.position <= joined.position, 'joining again keeps the place');
    const status = await data(api.queueStatus, { headers: candidate, params });
    assert.equal(status.state, 'waiting');
    await refused(call(api.queueStatus, { params }), 'UNAUTHORIZED', 401);

    await data(opsApi.opsWaitingRoom, { headers: operator, params, body: { enabled: false } });
    assert.equal((await data(api.exam, { params })).waitingRoom, false);
  });
});

describe('mock/waitlist.ts keeps a place on a sold-out exam', () => {
  it('joins a sold-out exam once, refuses one with seats, lists the place and leaves it', async () => {
    const candidate = await login('13900139601');
    const open = (await data(api.exams, { query: { pageSize: '100' } })).list;
    const soldOut = open.find((exam) => exam.seatsLeft === 0);
    const withSeats = open.find((exam) => exam.seatsLeft > 0);
    assert.ok(soldOut && withSeats);
    const params = { id: soldOut.id };
    const joined = await data(api.waitlistJoin, { headers: candidate, params });
    assert.equal(joined.status, 'waiting');
    assert.ok(joined.position !== null && joined.position >= 1);
    assert.equal((await data(api.waitlistJoin, { headers: candidate, params })).id, joined.id);
    await refused(
      call(api.waitlistJoin, { headers: candidate, params: { id: withSeats.id } }),
      'WAITLIST_NOT_SOLD_OUT',
      409,
    );
    assert.deepEqual(
      (await data(api.waitlist, { headers: candidate })).list.map((p) => p.id),
      [joined.id],
    );
    assert.equal((await data(api.waitlistLeave, { headers: candidate, params })).status, 'left');
    await refused(call(api.waitlistLeave, { headers: candidate, params }), 'NOT_FOUND', 404);
    await refused(call(api.waitlist, {}), 'UNAUTHORIZED', 401);
  });
});
