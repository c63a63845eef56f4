import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { TestBrowser } from '@umijs/max';
import { callsTo, err, ok } from '@/testing/fakeServer';
import {
  CENTER_PROFILE,
  EMPTY_CENTER_PROFILE,
  LICENSE_ID,
  loginAsCenter,
  serveCenter,
  TAX_ID,
} from '../Center/testing/centerFixtures';

const person = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const fileInput = (index: number) => document.querySelectorAll('input[type="file"]')[index] as HTMLInputElement;

async function openForm(locale = 'en-US') {
  loginAsCenter(locale);
  render(<TestBrowser location={{ pathname: '/home/profile' }} />);
  const save = await screen.findByText(locale === 'en-US' ? 'Save' : '保 存', {}, { timeout: 15_000 });
  return save.closest('button') as HTMLButtonElement;
}

const LICENSE_URL = `/api/center/documents/${LICENSE_ID}`;

function centerServer(saved = EMPTY_CENTER_PROFILE) {
  return serveCenter(
    {
      'GET /api/center/profile': () => ok(saved),
      'PUT /api/center/profile': (call) => ok({ ...CENTER_PROFILE, ...(call.body as object) }),
      'POST /api/center/profile/license': () =>
        ok({ id: LICENSE_ID, url: LICENSE_URL, contentType: 'application/pdf' }),
    },
    { [LICENSE_URL]: new Blob(['%PDF-1.7'], { type: 'application/pdf' }) },
  );
}

beforeEach(() => {
  URL.createObjectURL = jest.fn(() => 'blob:license');
  URL.revokeObjectURL = jest.fn();
});

describe('profile page of a test center', () => {
  it('asks for every required field in the words of the spec when saved empty, and saves nothing', async () => {
    const calls = centerServer();
    const save = await openForm();
    expect(screen.getByText(/Complete the test center profile before creating exams/)).toBeInTheDocument();
    await person.click(save);
    expect(await screen.findByText('Please enter business name', {}, { timeout: 20_000 })).toBeInTheDocument();
    for (const message of [
      'Please upload Business license',
      'Please enter Tax ID',
      'Please enter capacity details',
      'please enter contact person name',
      'please enter contact person phone number',
      'Please select city and state!',
      'Please input Address!',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(callsTo(calls, 'PUT', '/api/center/profile')).toEqual([]);
  });

  it('refuses a tax ID whose check character is wrong', async () => {
    const calls = centerServer(CENTER_PROFILE);
    const save = await openForm();
    const taxId = screen.getByLabelText('Tax ID');
    await person.clear(taxId);
    await person.type(taxId, '91110105MA01ABCD14');
    await person.click(save);
    expect(
      await screen.findByText(
        'Please enter a valid Tax ID (18-character unified social credit code).',
        {},
        { timeout: 20_000 },
      ),
    ).toBeInTheDocument();
    expect(taxId).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(calls, 'PUT', '/api/center/profile')).toEqual([]);
  });

  it('refuses a business license over 2 MB without sending it', async () => {
    const calls = centerServer();
    await openForm();
    const scan = new File([new Uint8Array(8)], 'license.pdf', { type: 'application/pdf' });
    Object.defineProperty(scan, 'size', { value: 2 * 1024 * 1024 + 1 });
    await person.upload(fileInput(0), scan);
    expect(await screen.findByText('File size is exceed 2MB!')).toBeInTheDocument();
    expect(callsTo(calls, 'POST', '/api/center/profile/license')).toEqual([]);
  });

  it('uploads the license, then saves the whole profile with the normalized values', async () => {
    const calls = centerServer({ ...CENTER_PROFILE, licenseId: null, licenseUrl: null, complete: false });
    const save = await openForm();
    expect(screen.getByLabelText('Business license')).toHaveTextContent('Upload business license');
    await person.upload(fileInput(0), new File(['%PDF-1.7'], 'license.pdf', { type: 'application/pdf' }));
    // The license is served only with the bearer token: the page fetches it to show it.
    expect(await screen.findByText('The uploaded business license')).toHaveAttribute('href', 'blob:license');
    expect(callsTo(calls, 'GET', LICENSE_URL)[0].headers.Authorization).toBe('Bearer token-1');
    const sent = callsTo(calls, 'POST', '/api/center/profile/license')[0].body as FormData;
    expect((sent.get('file') as File).name).toBe('license.pdf');
    const taxId = screen.getByLabelText('Tax ID');
    await person.clear(taxId);
    await person.type(taxId, TAX_ID.toLowerCase());
    await person.click(save);
    expect(
      await screen.findByText('The test center profile has been saved.', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'PUT', '/api/center/profile').map((call) => call.body)).toEqual([
      {
        businessName: 'Chaoyang Test Center',
        licenseId: LICENSE_ID,
        taxId: TAX_ID,
        logoId: null,
        capacity: 120,
        contactName: 'Zhang Wei',
        contactPhone: '13600136000',
        provinceCode: '11',
        cityCode: '1101',
        address: '1 Example Road',
      },
    ]);
  });

  it('puts the server refusing the tax ID on that field', async () => {
    serveCenter({
      'GET /api/center/profile': () => ok(CENTER_PROFILE),
      'PUT /api/center/profile': () => err('TAX_ID_INVALID'),
    });
    const save = await openForm('zh-CN');
    await person.click(save);
    expect(
      await screen.findByText('请输入有效的税号（18 位统一社会信用代码）。', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('税号')).toHaveAttribute('aria-invalid', 'true'));
  });
});
