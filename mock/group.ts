/**
 * Group registration for `npm run dev`: a coordinator's groups in memory. The mock reads no uploaded bytes: any file
 * reads as the same mixed list (six members accepted, two rows refused). Checkout holds a registration per member in
 * one order, which the sandbox wallet pays as it pays a single booking; the coordinator may then cancel a member's
 * seat, refunding its share to that order. The template download is the server's own.
 */
import { api, type CurrentUser, type GroupRejectedRow, type GroupView } from '../contract';
import { maskIdCard } from '../contract/idcard';
import { groupTemplateCsv, groupTemplateXlsx } from '../server/domain/groupTemplate';
import { normalizeChinaMobile } from '../server/domain/phone';
import { newId, type Person, person } from './lib/fixtures';
import { on, refuse } from './lib/http';
import {
  examOf,
  lockedFromOf,
  newOrder,
  newRegistration,
  orders,
  orderView,
  photoOwnerOf,
  photoRejections,
  priceOf,
  registrations,
  summaryOf,
  ticketOf,
  ticketsPdfOf,
} from './lib/store';

interface MockGroup {
  id: string;
  userId: string;
  examId: string;
  coordinator: GroupView['coordinator'];
  upload: { fileName: string; uploadedAt: string; members: Person[] } | null;
  /** Each accepted member's registration, in upload order, once the group has checked out. */
  registrationIds: string[];
  orderId: string | null;
}

const groups = new Map<string, MockGroup>();

function myGroup(user: CurrentUser, id: string): MockGroup {
  const group = groups.get(id);
  return group?.userId === user.id ? group : refuse('NOT_FOUND');
}

const orderOf = (group: MockGroup) => (group.orderId ? orders.get(group.orderId) : undefined);
/** An order pending or paid keeps the member list as it is. */
const locked = (group: MockGroup) => ['pending', 'paid'].includes(orderOf(group)?.status ?? '');

function viewOf(group: MockGroup): GroupView {
  const order = orderOf(group);
  const members = group.upload?.members ?? [];
  const lockedFrom = lockedFromOf(examOf(group.examId));
  const open = Date.now() < Date.parse(lockedFrom);
  const accepted = members.map(({ name, phone, idNumber, gender, dateOfBirth }, index) => {
    const registration = registrations.get(group.registrationIds[index] ?? '');
    const booked = { registrationId: registration?.id ?? null, status: registration?.status ?? null };
    const canCancel = open && registration?.status === 'register';
    const who = { row: index + 2, name, phone, maskedIdNumber: maskIdCard(idNumber), gender, dateOfBirth };
    return { ...who, ...booked, canCancel };
  });
  // Two refused rows after the members: the first member's phone again, and a row with neither name nor valid phone.
  const row = members.length + 2;
  const rejected: GroupRejectedRow[] = [
    {
      row,
      name: '刘洋',
      phone: members[0]?.phone.slice(3) ?? '',
      idNumber: '',
      gender: '女',
      dateOfBirth: '',
      reasons: ['DUPLICATE_PHONE'],
      duplicateOfRow: 2,
    },
    {
      row: row + 1,
      name: '',
      phone: '1390013',
      idNumber: '',
      gender: '',
      dateOfBirth: '',
      reasons: ['NAME_REQUIRED', 'PHONE_INVALID'],
      duplicateOfRow: null,
    },
  ];
  const total = accepted.length + rejected.length;
  const { coordinator, upload } = group;
  return {
    id: group.id,
    exam: summaryOf(examOf(group.examId)),
    coordinator,
    upload: upload && {
      fileName: upload.fileName,
      uploadedAt: upload.uploadedAt,
      totalParticipants: total,
      accepted,
      rejected,
    },
    order: order ? orderView(order) : null,
    canUpload: !locked(group),
    lockedFrom,
  };
}

export default Object.fromEntries([
  on(api.groupTemplate, async ({ query: { format } }) => {
    const bytes = format === 'xlsx' ? await groupTemplateXlsx() : groupTemplateCsv();
    const contentType =
      format === 'xlsx'
        ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
        : 'text/csv; charset=utf-8';
    return { fileName: `group-registration-template.${format}`, contentType, bytes };
  }),
  on(api.createGroup, ({ user, body }) => {
    const exam = examOf(body.examId);
    if (exam.accessCode && body.accessCode !== exam.accessCode) refuse('ACCESS_CODE_INVALID');
    const coordinator = { ...body.coordinator, phone: normalizeChinaMobile(body.coordinator.phone) };
    const group: MockGroup = {
      id: newId(),
      userId: user.id,
      examId: exam.id,
      coordinator,
      upload: null,
      registrationIds: [],
      orderId: null,
    };
    groups.set(group.id, group);
    return viewOf(group);
  }),
  on(api.group, ({ user, params }) => viewOf(myGroup(user, params.id))),
  on(api.uploadGroupFile, ({ user, params }) => {
    const group = myGroup(user, params.id);
    if (locked(group)) refuse('GROUP_LOCKED');
    const members = Array.from({ length: 6 }, () => person());
    Object.assign(group, {
      upload: { fileName: 'members.xlsx', uploadedAt: new Date().toISOString(), members },
      registrationIds: [],
    });
    return viewOf(group);
  }),
  on(api.groupQuote, ({ user, params, body }) => {
    const group = myGroup(user, params.id);
    const quantity = group.upload?.members.length || refuse('GROUP_NO_MEMBERS');
    return priceOf(user, examOf(group.examId), quantity, body.promoCode).quote;
  }),
  on(api.groupCheckout, ({ user, params, body, req }) => {
    const group = myGroup(user, params.id);
    // A repeated click finds the order it made, as the same Idempotency-Key does on the server.
    if (locked(group)) return viewOf(group);
    const members = group.upload?.members ?? [];
    if (!members.length) refuse('GROUP_NO_MEMBERS');
    const exam = examOf(group.examId);
    const { breakdown } = priceOf(user, exam, members.length, body.promoCode);
    if (breakdown.totalFen !== body.expectedTotalFen) refuse('PRICE_CHANGED');
    const seat = { coordinatorName: group.coordinator.name };
    group.registrationIds = members.map((member) => newRegistration(exam, member, null, 'pending', seat).id);
    group.orderId = newOrder(req, user, exam, group.registrationIds, breakdown).id;
    return viewOf(group);
  }),
  on(api.groupTickets, async ({ user, params }) => {
    const group = myGroup(user, params.id);
    if (orderOf(group)?.status !== 'paid') refuse('TICKET_NOT_ISSUED');
    const booked = group.registrationIds.map((id) => registrations.get(id) ?? refuse('NOT_FOUND'));
    return Promise.all(booked.map(ticketOf));
  }),
  on(api.groupTicketsPdf, ({ user, params, query }) => {
    const group = myGroup(user, params.id);
    if (orderOf(group)?.status !== 'paid') refuse('TICKET_NOT_ISSUED');
    const booked = group.registrationIds.map((id) => registrations.get(id) ?? refuse('NOT_FOUND'));
    const lacking = booked.filter(
      (registration) => registration.status === 'register' && photoRejections.has(photoOwnerOf(registration)),
    );
    if (lacking.length > 0) {
      refuse(
        'TICKET_PHOTO_REQUIRED',
        lacking.map((registration) => ({ path: 'members', message: registration.person.name })),
      );
    }
    return ticketsPdfOf(booked, query.lang);
  }),
  on(api.cancelGroupMember, ({ user, params }) => {
    const group = myGroup(user, params.id);
    const order = orderOf(group);
    const registration = group.registrationIds.includes(params.registrationId)
      ? registrations.get(params.registrationId)
      : undefined;
    if (!order || !registration) return refuse('NOT_FOUND');
    if (registration.status !== 'register') refuse('STATUS_TRANSITION_INVALID');
    if (Date.now() >= Date.parse(lockedFromOf(examOf(registration.examId)))) refuse('RESERVATION_LOCKED');
    // The member's share of the group's order, as the server refunds it.
    const { totalFen } = order.breakdown;
    const refundFen = Math.min(Math.floor(totalFen / group.registrationIds.length), totalFen - order.refundedFen);
    order.refundedFen += refundFen;
    registration.status = 'canceled';
    return { group: viewOf(group), refundFen };
  }),
]);
