/**
 * A candidate's side of `npm run dev`: the profile, booking and paying in the sandbox wallet, My Exams, tickets,
 * changes, cancellations, transactions and results. A returning candidate's history (mock/lib/accounts.ts) is already
 * in every state those screens show, so nothing here expires or locks by itself: the views read the stored times.
 */
import { api, type CurrentUser } from '../contract';
import { examIcs } from '../server/documents/calendar';
import { normalizeChinaMobile } from '../server/domain/phone';
import { priceBooking } from '../server/domain/pricing';
import { profileOf, saveProfile } from './lib/accounts';
import { exams, type MockExam, newId } from './lib/fixtures';
import { on, page, refuse } from './lib/http';
import { activeInvitationCode } from './lib/promotions';
import {
  briefOf,
  examOf,
  isOpen,
  issuedTicketOf,
  type MockOrder,
  newOrder,
  newRegistration,
  orders,
  orderView,
  pay,
  priceOf,
  refundableOf,
  refundTotalsOf,
  registrations,
  registrationView,
  requestRefund,
  summaryOf,
  ticketOf,
  ticketsPdfOf,
} from './lib/store';

/** My registrations, newest first. */
const mine = (user: CurrentUser) =>
  [...registrations.values()]
    .filter((item) => item.userId === user.id)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));

function myRegistration(user: CurrentUser, id: string) {
  const registration = registrations.get(id);
  return registration?.userId === user.id ? registration : refuse('NOT_FOUND');
}

/** One of my registrations that I may change or cancel: not a seat a group coordinator paid for. */
function myBooking(user: CurrentUser, id: string) {
  const registration = myRegistration(user, id);
  return registration.coordinatorName ? refuse('GROUP_SEAT_PAYER_ONLY') : registration;
}

function walletView(order: MockOrder) {
  const state = order.status === 'pending' ? 'open' : order.status === 'paid' ? 'paid' : 'closed';
  const payee = { zh: '考试能力（模拟）', en: 'Exam Ability (mock)' };
  const { id: orderId, breakdown, expiresAt } = order;
  return {
    orderId,
    payee,
    description: examOf(order.examId).name,
    amountFen: breakdown.totalFen,
    state,
    expiresAt,
  } as const;
}

/** Open exams of the same category or exam code: where a registration may move. */
function changeTargets(examId: string) {
  const { id, category, code } = examOf(examId);
  const related = (exam: MockExam) => exam.category.id === category.id || exam.code === code;
  return [...exams.values()].filter((exam) => exam.id !== id && isOpen(exam) && related(exam));
}

export default Object.fromEntries([
  on(api.profile, ({ user }) => profileOf(user)),
  on(api.saveProfile, ({ user, body }) => {
    const typed = body.invitationCode?.trim() ?? '';
    const invitationCode = typed ? (activeInvitationCode(typed) ?? refuse('INVITATION_CODE_INVALID')) : '';
    const contactPhone = normalizeChinaMobile(body.contactPhone);
    return saveProfile(user, { ...body, contactPhone, invitationCode, organizationId: body.organizationId ?? null });
  }),
  on(api.uploadAvatar, () => ({ avatarId: newId(), avatarUrl: '/logo.svg', avatar_small: '/logo.svg' })),
  on(api.quote, ({ user, body }) => priceOf(user, examOf(body.examId), body.quantity, body.promoCode).quote),
  on(api.register, ({ user, body, req }) => {
    const exam = examOf(body.examId);
    if (exam.accessCode && body.accessCode !== exam.accessCode) refuse('ACCESS_CODE_INVALID');
    const { breakdown } = priceOf(user, exam, 1, body.promoCode);
    const { name, phone, idNumber, gender, dateOfBirth } = profileOf(user);
    if (!gender) return refuse('PROFILE_INCOMPLETE');
    if (breakdown.totalFen !== body.expectedTotalFen) refuse('PRICE_CHANGED');
    const registration = newRegistration(exam, { name, phone, idNumber, gender, dateOfBirth }, user.id, 'pending');
    const order = newOrder(req, user, exam, [registration.id], breakdown);
    return {
      registration: registrationView(registration),
      order: orderView(order),
      payment: { qrContent: order.qrContent },
    };
  }),
  on(api.order, ({ user, params }) => {
    const order = orders.get(params.id);
    return order?.userId === user.id ? orderView(order) : refuse('NOT_FOUND');
  }),
  on(api.registrations, ({ user, query }) => {
    const list = mine(user).filter((item) => !query.status || item.status === query.status);
    return page(list.map(registrationView), query);
  }),
  on(api.registration, ({ user, params }) => registrationView(myRegistration(user, params.id))),
  on(api.ticket, ({ user, params }) => {
    return ticketOf(issuedTicketOf(myRegistration(user, params.id)));
  }),
  on(api.ticketPdf, ({ user, params, query }) => {
    return ticketsPdfOf([issuedTicketOf(myRegistration(user, params.id))], query.lang);
  }),
  on(api.ticketCalendar, async ({ user, params, query }) => {
    const registration = issuedTicketOf(myRegistration(user, params.id));
    const exam = examOf(registration.examId);
    const event = {
      uid: `ticket-${registration.id}`,
      startsAt: exam.startsAt,
      endsAt: null,
      summary: query.lang === 'zh-CN' ? exam.name.zh : exam.name.en,
      location: query.lang === 'zh-CN' ? exam.location.zh : exam.location.en,
      description: exam.code,
      alarm: null,
    };
    return { fileName: 'exam.ics', contentType: 'text/calendar; charset=utf-8', bytes: Buffer.from(examIcs(event)) };
  }),
  on(api.changeOptions, ({ user, params }) => changeTargets(myBooking(user, params.id).examId).map(summaryOf)),
  on(api.changeRegistration, ({ user, params, body, req }) => {
    const registration = myBooking(user, params.id);
    const target = examOf(body.examId);
    if (target.accessCode && body.accessCode !== target.accessCode) refuse('ACCESS_CODE_INVALID');
    const difference = target.feeFen - examOf(registration.examId).feeFen;
    if (difference > 0) {
      // As the server prices the difference: no referral, no handling fee.
      const breakdown = priceBooking({ unitPriceFen: difference, quantity: 1, handlingFeeBps: 0 });
      const order = newOrder(req, user, target, [registration.id], breakdown, target.id);
      const payment = { qrContent: order.qrContent };
      return { registration: registrationView(registration), order: orderView(order), payment, refundFen: 0 };
    }
    const paid = orders.get(registration.orderId ?? '');
    if (paid) requestRefund(paid, -difference, 'change');
    registration.examId = target.id;
    return { registration: registrationView(registration), order: null, payment: null, refundFen: -difference };
  }),
  on(api.cancelRegistration, ({ user, params }) => {
    const registration = myBooking(user, params.id);
    const paid = [...orders.values()].filter(
      (order) => order.registrationIds.includes(registration.id) && order.status === 'paid',
    );
    const refundFen = paid.reduce((sum, order) => sum + refundableOf(order), 0);
    for (const order of paid) requestRefund(order, refundableOf(order), 'canceled');
    registration.status = 'canceled';
    return { registration: registrationView(registration), refundFen };
  }),
  on(api.transactions, ({ user, query }) => {
    const own = [...orders.values()].filter((order) => order.userId === user.id);
    const list = own
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
      .map(({ id, purpose, paidAt, transactionId, examId, breakdown, refunds, status, createdAt }) => {
        const { unitPriceFen, quantity, totalFen } = breakdown;
        const examName = examOf(examId).name;
        return {
          orderId: id,
          purpose,
          paymentDate: paidAt,
          transactionId,
          examName,
          unitPriceFen,
          quantity,
          totalFen,
          ...refundTotalsOf(refunds),
          status,
          createdAt,
        };
      });
    return page(list, query);
  }),
  on(api.results, ({ user }) =>
    mine(user)
      .filter((item) => item.status !== 'pending' && item.status !== 'canceled')
      .map(({ id, examId, status, outcome, certificateNumber }) => {
        const exam = examOf(examId);
        const { resultsPublishedAt: publishedAt } = exam;
        const published = {
          outcome: publishedAt ? outcome : null,
          certificateNumber: publishedAt ? certificateNumber : null,
        };
        return { registrationId: id, exam: briefOf(exam), registrationStatus: status, ...published, publishedAt };
      }),
  ),
  on(api.walletOrder, ({ params }) => walletView(orders.get(params.orderId) ?? refuse('NOT_FOUND'))),
  on(api.walletConfirm, ({ params }) => {
    const order = orders.get(params.orderId) ?? refuse('NOT_FOUND');
    if (order.status !== 'pending') refuse('ORDER_EXPIRED');
    pay(order);
    return walletView(order);
  }),
]);
