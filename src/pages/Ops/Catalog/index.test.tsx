import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { TestBrowser } from '@umijs/max';
import dayjs from 'dayjs';
import { type Call, err, ok } from '@/testing/fakeServer';
import { examFixture } from '@/testing/fixtures';
import type { OpsCategory, Promotion } from '../../../../contract/ops';
import { loginAsOperator, serveOps } from '../testing/opsFixtures';
import { toPromotionDraft } from './components/PromotionFormModal';

jest.setTimeout(120_000);

const person = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const callsTo = (calls: Call[], method: string, url: string) =>
  calls.filter((call) => call.method === method && call.url === url);

const language: OpsCategory = {
  id: '0192f0c0-0000-7000-8000-000000000001',
  code: 'LANGUAGE',
  name: { zh: '语言', en: 'Language' },
  status: 'active',
  examCount: 12,
};

function catalogServer() {
  const list: OpsCategory[] = [language];
  return serveOps({
    // A copy each time, as every answer off the wire is.
    'GET /api/ops/categories': () => ok({ list: [...list], total: list.length, current: 1, pageSize: 10 }),
    'POST /api/ops/categories': (call) => {
      const body = call.body as { code: string; name: OpsCategory['name'] };
      const code = body.code.toUpperCase();
      if (list.some((item) => item.code === code)) return err('CATEGORY_CODE_TAKEN');
      const created = { id: '0192f0c0-0000-7000-8000-000000000002', code, name: body.name, status: 'active' as const };
      list.push({ ...created, examCount: 0 });
      return ok({ ...created, examCount: 0 });
    },
    [`POST /api/ops/categories/${language.id}/retire`]: () => {
      list[0] = { ...language, status: 'retired' };
      return ok(list[0]);
    },
  });
}

async function openCatalog() {
  loginAsOperator('en-US');
  render(<TestBrowser location={{ pathname: '/ops/catalog' }} />);
  await screen.findByText('Language', {}, { timeout: 15_000 });
}

describe('the catalog', () => {
  it('adds a category with its code and both names, saying a taken code', async () => {
    const calls = catalogServer();
    await openCatalog();
    expect(screen.getByText('12')).toBeInTheDocument();
    await person.click(screen.getByText('Add category').closest('button') as HTMLButtonElement);
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    const save = within(dialog).getByText('Save').closest('button') as HTMLButtonElement;
    await person.click(save);
    expect(await within(dialog).findByText('Enter the code.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the name in Chinese.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the name in English.')).toBeInTheDocument();

    await person.click(within(dialog).getByLabelText('Code'));
    await person.paste('language');
    await person.click(within(dialog).getByLabelText('Name in Chinese'));
    await person.paste('急救');
    await person.click(within(dialog).getByLabelText('Name in English'));
    await person.paste('First aid');
    await person.click(save);
    expect(await screen.findByText('Another category has this code.')).toBeInTheDocument();

    await person.clear(within(dialog).getByLabelText('Code'));
    await person.paste('first-aid');
    await person.click(save);
    expect(await screen.findByText('Category 急救 is added.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/ops/categories').at(-1)?.body).toEqual({
      code: 'first-aid',
      name: { zh: '急救', en: 'First aid' },
    });
    expect(await screen.findByText('FIRST-AID', {}, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('retires a category once confirmed', async () => {
    const calls = catalogServer();
    await openCatalog();
    await person.click(screen.getByLabelText('Retire category Language'));
    const popup = (await screen.findByText(/Retire Language\?/)).closest('.ant-popover') as HTMLElement;
    await person.click(within(popup).getByText('Retire').closest('button') as HTMLButtonElement);
    expect(await screen.findByText('Category Language is retired.')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', `/api/ops/categories/${language.id}/retire`)).toHaveLength(1);
    expect(await screen.findByText('Retired', {}, { timeout: 10_000 })).toBeInTheDocument();
  });
});

const spring: Promotion = {
  id: '0192f0c0-0000-7000-8000-000000000010',
  code: 'SPRING10',
  kind: 'promotion',
  discountType: 'percent',
  percentOff: 10,
  amountOffFen: null,
  validFrom: '2026-01-01T00:00:00.000Z',
  validUntil: '2031-01-01T00:00:00.000Z',
  usageCap: 500,
  usageCount: 42,
  scope: 'category',
  // Retired since: the category list offers it no longer, and the form still names it.
  scopeTarget: { id: language.id, code: 'LANGUAGE', name: { zh: '语言', en: 'Language' } },
  active: true,
};

describe('promotions and invitation codes', () => {
  it('lists a code with its usage and scope; an edit keeps its code and kind and sends the new discount', async () => {
    const calls = serveOps({
      'GET /api/ops/categories': () => ok({ list: [], total: 0, current: 1, pageSize: 100 }),
      'GET /api/ops/promotions': () => ok({ list: [spring], total: 1, current: 1, pageSize: 10 }),
      [`PUT /api/ops/promotions/${spring.id}`]: (call) => ok({ ...spring, ...(call.body as object) }),
    });
    loginAsOperator('en-US');
    render(<TestBrowser location={{ pathname: '/ops/catalog' }} />);
    await person.click(await screen.findByText('Promotions and invitations', {}, { timeout: 15_000 }));
    expect(await screen.findByText('42 of 500', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('One category: LANGUAGE Language')).toBeInTheDocument();

    await person.click(screen.getByLabelText('Edit code SPRING10'));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 10_000 });
    expect(within(dialog).getByLabelText('Code')).toBeDisabled();
    expect(
      within(dialog).getByText('The code and its kind stay as created; add a new code for another.'),
    ).toBeInTheDocument();
    expect(await within(dialog).findByText('Language')).toBeInTheDocument();
    const percent = within(dialog).getByLabelText('Percent off (1-100)');
    await person.clear(percent);
    await person.type(percent, '25');
    await person.click(within(dialog).getByText('Save').closest('button') as HTMLButtonElement);
    expect(await screen.findByText('Code SPRING10 is saved.')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', `/api/ops/promotions/${spring.id}`).at(-1)?.body).toMatchObject({
      code: 'SPRING10',
      kind: 'promotion',
      percentOff: 25,
      validFrom: spring.validFrom,
      validUntil: spring.validUntil,
      scope: 'category',
      scopeTargetId: language.id,
    });
  });
});

describe('waiting rooms', () => {
  it('switches the waiting room of an open exam on, searched by its code', async () => {
    let waitingRoom = false;
    const exam = () => examFixture({ waitingRoom });
    const calls = serveOps({
      'GET /api/ops/categories': () => ok({ list: [], total: 0, current: 1, pageSize: 100 }),
      'GET /api/front/exams': () => ok({ list: [exam()], total: 1, current: 1, pageSize: 10 }),
      [`PUT /api/ops/exams/${exam().id}/waiting-room`]: (call) => {
        waitingRoom = (call.body as { enabled: boolean }).enabled;
        return ok(exam());
      },
    });
    loginAsOperator('en-US');
    render(<TestBrowser location={{ pathname: '/ops/catalog' }} />);
    await person.click(await screen.findByText('Waiting rooms', {}, { timeout: 15_000 }));
    const room = await screen.findByLabelText('Waiting room of HSK-4 HSK Level 4', {}, { timeout: 10_000 });
    expect(room).not.toBeChecked();
    await person.type(screen.getByLabelText('Code or name'), ' HSK-4 ');
    await person.click(screen.getByText('Search', { selector: 'button span' }));
    await waitFor(() => expect(callsTo(calls, 'GET', '/api/front/exams').at(-1)?.params).toMatchObject({ q: 'HSK-4' }));

    await person.click(screen.getByLabelText('Waiting room of HSK-4 HSK Level 4'));
    expect(await screen.findByText('The waiting room of HSK Level 4 is on.')).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', `/api/ops/exams/${exam().id}/waiting-room`)[0].body).toEqual({ enabled: true });
    await waitFor(() => expect(screen.getByLabelText('Waiting room of HSK-4 HSK Level 4')).toBeChecked());
  });
});

describe('a promotion form as the contract takes it', () => {
  it('sends the discount its type names, the amount in fen, and no target for every exam', () => {
    const validity: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs('2026-12-01T00:00:00Z'), dayjs('2026-12-31T00:00:00Z')];
    const base = { code: 'winter', kind: 'promotion' as const, validity, scope: 'all' as const, active: true };
    const fixed = toPromotionDraft({
      ...base,
      discountType: 'fixed',
      percentOff: 10,
      amountOffYuan: 19.9,
      scopeTargetId: 'x',
    });
    expect(fixed).toMatchObject({ percentOff: null, amountOffFen: 1990, scopeTargetId: null, usageCap: null });
    const percent = toPromotionDraft({
      ...base,
      discountType: 'percent',
      percentOff: 15,
      amountOffYuan: 5,
      usageCap: 100,
    });
    expect(percent).toMatchObject({ percentOff: 15, amountOffFen: null, usageCap: 100 });
    expect([percent.validFrom, percent.validUntil]).toEqual(['2026-12-01T00:00:00.000Z', '2026-12-31T00:00:00.000Z']);
  });
});
