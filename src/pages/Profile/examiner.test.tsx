import { render, screen } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { TestBrowser } from '@umijs/max';
import { type Call, ok, serve } from '@/testing/fakeServer';
import type { ExaminerProfile } from '../../../contract/examiner';

const EXAMINER = {
  id: '0192f0c0-0000-7000-8000-000000000902',
  kind: 'examiner',
  phone: '+8613500135000',
  name: '',
  avatar_small: null,
};
const EMPTY: ExaminerProfile = { name: '', phone: '+8613500135000', address: '', identityId: '', complete: false };

const person = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const saves = (calls: Call[]) =>
  calls.filter((call) => call.method === 'PUT' && call.url === '/api/examiner/profile').map((call) => call.body);

async function openForm(saved: ExaminerProfile) {
  const calls = serve({
    'GET /api/front/currentUser': () => ok(EXAMINER),
    'GET /api/examiner/profile': () => ok(saved),
    'PUT /api/examiner/profile': (call) => ok({ ...saved, ...(call.body as object), complete: true }),
  });
  localStorage.clear();
  localStorage.setItem('umi_locale', 'en-US');
  localStorage.setItem('access_token', 'token-1');
  localStorage.setItem('type', 'examiner');
  render(<TestBrowser location={{ pathname: '/home/profile' }} />);
  const save = await screen.findByText('Save', {}, { timeout: 15_000 });
  return { calls, save: save.closest('button') as HTMLButtonElement };
}

describe('profile page of an examiner', () => {
  it('asks for the name, the identity ID and the address, and refuses an ID number with a wrong check character', async () => {
    const { calls, save } = await openForm(EMPTY);
    expect(screen.getByText('Examiner profile')).toBeInTheDocument();
    expect(screen.getByLabelText('Login phone')).toHaveValue('+8613500135000');
    await person.click(save);
    expect(await screen.findByText('Please enter your Name', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByText('Please enter ID card number')).toBeInTheDocument();
    expect(screen.getByText('Please input Address!')).toBeInTheDocument();
    await person.type(screen.getByLabelText('Identity ID (ID card number)'), '110105194912310021');
    expect(
      await screen.findByText('The ID card number is not valid. Please check all 18 characters.'),
    ).toBeInTheDocument();
    expect(saves(calls)).toEqual([]);
  });

  it('saves the trimmed name and address and the ID number in capitals', async () => {
    const { calls, save } = await openForm(EMPTY);
    await person.type(screen.getByLabelText('Name'), ' Wang Qiang ');
    await person.type(screen.getByLabelText('Identity ID (ID card number)'), '11010519491231002x');
    await person.type(screen.getByLabelText('Address'), ' 2 Example Road ');
    await person.click(save);
    expect(await screen.findByText('Your profile has been saved.', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(saves(calls)).toEqual([{ name: 'Wang Qiang', address: '2 Example Road', identityId: '11010519491231002X' }]);
    expect(await screen.findByText('Wang Qiang')).toBeInTheDocument();
  });
});
