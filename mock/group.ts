/**
 * Group registration for `npm run dev`: a coordinator's groups in memory. Any upload reads as the same mixed file
 * (three members accepted, two rows refused); checkout holds a registration per member in one order, which the
 * sandbox wallet pays as it pays a single booking. The template download is the server's own (server/domain).
 */
import type { CurrentUser, DataOf, ExamSummary, GroupMember, GroupRejectedRow, GroupView } from '../contract';
import { GROUP_TEMPLATE_PATH } from '../contract';
import { chinaMobileToE164 } from '../contract/phone';
import { groupTemplateCsv, groupTemplateXlsx } from '../server/domain/groupTemplate';
import {
  breakdownOf,
  confirmedTotal,
  createOrder,
  MOCK_ACCESS_CODE,
  MOCK_PROMO,
  type MockOrder,
  newId,
  orders,
  orderView,
  payOrder,
  registrations,
  settle,
} from './lib/orders';
import { exams, fail, field, type Handler, type MockRequest, type MockResponse, send, userOf } from './lib/shared';

type Upload = NonNullable<GroupView['upload']>;

interface MockGroup {
  id: string;
  userId: string;
  exam: ExamSummary;
  coordinator: GroupView['coordinator'];
  upload: Upload | null;
  /** Each accepted member's registration, by row, once the group has checked out. */
  registrationIds: Map<number, string>;
  orderId: string | null;
  /** Idempotency-Key -> the order that checkout made. */
  checkouts: Map<string, string>;
}

const groups = new Map<string, MockGroup>();

const MEMBERS: GroupMember[] = [
  ['王芳', '+8613900139001', '110101********002X', 'female', '2008-05-01'],
  ['赵磊', '+8613900139002', '110101********0031', 'male', '2008-09-12'],
  ['陈静', '+8613900139003', '110101********0042', 'female', '2009-01-23'],
].map(([name, phone, maskedIdNumber, gender, dateOfBirth], index) => ({
  row: index + 2,
  name,
  phone,
  maskedIdNumber,
  gender: gender === 'male' ? 'male' : 'female',
  dateOfBirth,
  registrationId: null,
  status: null,
}));

const REJECTED: GroupRejectedRow[] = [
  {
    row: 5,
    name: '刘洋',
    phone: '13900139001',
    idNumber: '110105********0021',
    gender: '女',
    dateOfBirth: '',
    reasons: ['DUPLICATE_PHONE'],
    duplicateOfRow: 2,
  },
  {
    row: 6,
    name: '',
    phone: '1390013',
    idNumber: '',
    gender: '',
    dateOfBirth: '',
    reasons: ['NAME_REQUIRED', 'PHONE_INVALID'],
    duplicateOfRow: null,
  },
];

function orderOf(group: MockGroup): MockOrder | undefined {
  const order = group.orderId ? orders.get(group.orderId) : undefined;
  return order && settle(order);
}

/** An order pending or paid locks the member list. */
function locked(group: MockGroup): boolean {
  const status = orderOf(group)?.status;
  return status === 'pending' || status === 'paid';
}

function viewOf(group: MockGroup): GroupView {
  const order = orderOf(group);
  const member = (accepted: GroupMember): GroupMember => {
    const registration = registrations.get(group.registrationIds.get(accepted.row) ?? '');
    return { ...accepted, registrationId: registration?.id ?? null, status: registration?.status ?? null };
  };
  return {
    id: group.id,
    exam: group.exam,
    coordinator: group.coordinator,
    upload: group.upload && { ...group.upload, accepted: group.upload.accepted.map(member) },
    order: order ? orderView(order) : null,
    canUpload: !locked(group),
  };
}

function myGroup(req: MockRequest): MockGroup | undefined {
  const group = groups.get(req.params.id ?? '');
  return group && group.userId === userOf(req)?.id ? group : undefined;
}

/** The account a member logs in with later; the mock keys it by phone. */
const memberUserId = (phone: string) => `member:${phone}`;

function checkout(req: MockRequest, user: CurrentUser, group: MockGroup, promo: boolean): MockOrder {
  const accepted = group.upload?.accepted ?? [];
  const registrationIds = accepted.map((member) => {
    const id = newId();
    registrations.set(id, {
      id,
      userId: memberUserId(member.phone),
      exam: group.exam,
      status: 'pending',
      createdAt: new Date().toISOString(),
      orderId: null,
    });
    group.registrationIds.set(member.row, id);
    return id;
  });
  const breakdown = breakdownOf(group.exam, accepted.length, promo);
  const order = createOrder(req, user, registrationIds, 'booking', group.exam, breakdown, null);
  for (const id of registrationIds) {
    const registration = registrations.get(id);
    if (registration) registration.orderId = order.id;
  }
  if (breakdown.totalFen === 0) payOrder(order);
  group.orderId = order.id;
  return order;
}

const TEMPLATE_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

async function sendTemplate(format: keyof typeof TEMPLATE_TYPES, res: MockResponse) {
  const bytes = format === 'xlsx' ? await groupTemplateXlsx() : groupTemplateCsv();
  res.status(200);
  res.setHeader('Content-Type', TEMPLATE_TYPES[format]);
  res.setHeader('Content-Disposition', `attachment; filename="group-registration-template.${format}"`);
  res.end(bytes);
}

const handlers: Record<string, Handler> = {
  [`GET ${GROUP_TEMPLATE_PATH}`]: (req, res) => {
    const format = req.query.format;
    if (format !== 'xlsx' && format !== 'csv') return fail(res, 'VALIDATION_FAILED', 'format: xlsx or csv');
    sendTemplate(format, res);
  },
  'POST /api/front/groups': (req, res) => {
    const user = userOf(req);
    if (!user) return fail(res, 'UNAUTHORIZED', 'Log in first.');
    if (user.kind !== 'individual') return fail(res, 'STUDENTS_ONLY', 'Only candidates can register.');
    const exam = exams.find((item) => item.id === field(req.body, 'examId'));
    if (!exam) return fail(res, 'NOT_FOUND', 'No such exam.');
    const given = (req.body as { coordinator?: unknown } | undefined)?.coordinator;
    const name = field(given, 'name');
    const organization = field(given, 'organization');
    const phone = chinaMobileToE164(field(given, 'phone'));
    if (!phone) return fail(res, 'PHONE_INVALID', 'The phone number is not a mainland China mobile number.');
    if (!name || !organization) return fail(res, 'VALIDATION_FAILED', 'Name and organization are required.');
    if (exam.requiresAccessCode && field(req.body, 'accessCode') !== MOCK_ACCESS_CODE) {
      return fail(res, 'ACCESS_CODE_INVALID', 'Wrong access code.');
    }
    const group: MockGroup = {
      id: newId(),
      userId: user.id,
      exam,
      coordinator: { name, phone, organization },
      upload: null,
      registrationIds: new Map(),
      orderId: null,
      checkouts: new Map(),
    };
    groups.set(group.id, group);
    send<DataOf<'createGroup'>>(res, viewOf(group));
  },
  'GET /api/front/groups/:id': (req, res) => {
    const group = myGroup(req);
    if (!group) return fail(res, 'NOT_FOUND', 'No such group.');
    send<DataOf<'group'>>(res, viewOf(group));
  },
  'POST /api/front/groups/:id/upload': (req, res) => {
    const group = myGroup(req);
    if (!group) return fail(res, 'NOT_FOUND', 'No such group.');
    if (locked(group)) return fail(res, 'GROUP_LOCKED', 'The group has an order pending or paid.');
    group.registrationIds.clear();
    group.upload = {
      fileName: 'members.xlsx',
      uploadedAt: new Date().toISOString(),
      totalParticipants: MEMBERS.length + REJECTED.length,
      accepted: MEMBERS,
      rejected: REJECTED,
    };
    send<DataOf<'uploadGroupFile'>>(res, viewOf(group));
  },
  'POST /api/front/groups/:id/quote': (req, res) => {
    const group = myGroup(req);
    if (!group) return fail(res, 'NOT_FOUND', 'No such group.');
    const quantity = group.upload?.accepted.length ?? 0;
    if (!quantity) return fail(res, 'GROUP_NO_MEMBERS', 'No accepted members.');
    const promoCode = field(req.body, 'promoCode').toUpperCase();
    if (promoCode && promoCode !== MOCK_PROMO) return fail(res, 'PROMO_CODE_INVALID', 'Unknown promo code.');
    send<DataOf<'groupQuote'>>(res, {
      ...breakdownOf(group.exam, quantity, Boolean(promoCode)),
      examId: group.exam.id,
      testDate: group.exam.startsAt,
      promoCode: promoCode || null,
      referralCode: null,
    });
  },
  'POST /api/front/groups/:id/checkout': (req, res) => {
    const group = myGroup(req);
    const user = userOf(req);
    if (!group || !user) return fail(res, 'NOT_FOUND', 'No such group.');
    const key = String(req.headers['idempotency-key'] ?? '');
    if (group.checkouts.get(key) === group.orderId || locked(group)) {
      return send<DataOf<'groupCheckout'>>(res, viewOf(group));
    }
    if (!group.upload?.accepted.length) return fail(res, 'GROUP_NO_MEMBERS', 'No accepted members.');
    const promoCode = field(req.body, 'promoCode').toUpperCase();
    if (promoCode && promoCode !== MOCK_PROMO) return fail(res, 'PROMO_CODE_INVALID', 'Unknown promo code.');
    if (!confirmedTotal(req.body, breakdownOf(group.exam, group.upload.accepted.length, Boolean(promoCode)))) {
      return fail(res, 'PRICE_CHANGED', 'The price changed since the quote.');
    }
    const order = checkout(req, user, group, Boolean(promoCode));
    group.checkouts.set(key, order.id);
    send<DataOf<'groupCheckout'>>(res, viewOf(group));
  },
  'GET /api/front/groups/:id/tickets': (req, res) => {
    const group = myGroup(req);
    if (!group) return fail(res, 'NOT_FOUND', 'No such group.');
    if (orderOf(group)?.status !== 'paid') return fail(res, 'TICKET_NOT_ISSUED', 'Pay first.');
    send<DataOf<'groupTickets'>>(
      res,
      viewOf(group).upload?.accepted.flatMap((member) =>
        member.registrationId && member.status
          ? [
              {
                registrationId: member.registrationId,
                status: member.status,
                exam: group.exam,
                candidate: {
                  name: member.name,
                  maskedIdNumber: member.maskedIdNumber,
                  phone: member.phone,
                  avatar_small: null,
                },
                token: member.status === 'canceled' ? null : `mock-ticket-token.${member.registrationId}`,
              },
            ]
          : [],
      ) ?? [],
    );
  },
};

export default handlers;
