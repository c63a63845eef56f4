import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { AxiosRequestConfig, AxiosResponse } from '@umijs/max';
import { getRequestInstance, history, TestBrowser } from '@umijs/max';
import { AxiosError } from 'axios';
import type { CurrentUser } from '../../../contract/auth';
import type { Profile } from '../../../contract/profile';

const SITE = { companyName: { zh: '公司', en: 'Company' }, filingNumber: '', filingUrl: '', smsToConsole: true };
const AVATAR_ID = '0192f0c0-0000-7000-8000-000000005001';
const ORGANIZATION_ID = '0192f0c0-0000-7000-8000-000000000031';

const candidate: CurrentUser = {
  id: '01890a5d-ac96-774b-bcce-b302099a8057',
  kind: 'individual',
  phone: '+8613800138000',
  name: '',
  avatar_small: null,
};

const EMPTY: Profile = {
  name: '',
  gender: null,
  email: '',
  phone: '+8613800138000',
  contactPhone: '',
  address: '',
  idNumber: '',
  organizationId: null,
  retiredOrganization: null,
  invitationCode: '',
  dateOfBirth: '',
  provinceCode: null,
  cityCode: null,
  avatarId: null,
  avatarUrl: null,
  avatar_small: null,
  photoRejection: null,
  complete: false,
  missing: ['name', 'gender', 'email', 'contactPhone', 'address', 'idNumber', 'dateOfBirth', 'provinceCode'],
};

/** A complete profile whose ID number (1949-12-31, female) was typed with a lower-case check character. */
const FILLED: Profile = {
  ...EMPTY,
  name: 'Li Lei',
  gender: 'female',
  email: 'li.lei@example.com',
  contactPhone: '+8613900139000',
  address: '1 Example Road',
  idNumber: '11010519491231002x',
  organizationId: ORGANIZATION_ID,
  invitationCode: '',
  dateOfBirth: '1949-12-31',
  provinceCode: '11',
  cityCode: '1101',
  avatarId: AVATAR_ID,
  avatarUrl: `/api/front/avatars/${AVATAR_ID}`,
  avatar_small: `/api/front/avatars/${AVATAR_ID}/small`,
  complete: true,
  missing: [],
};

let user: CurrentUser = candidate;
let saved: Profile = EMPTY;
/** What the server answers to a save: the saved profile, or a refusal envelope with its HTTP status. */
let saveAnswer: { status: number; body: object } | undefined;
const saves: unknown[] = [];

const answers = (): Record<string, unknown> => ({
  '/api/front/site': SITE,
  '/api/front/currentUser': user,
  '/api/front/profile': saved,
  '/api/front/organizations': [{ id: ORGANIZATION_ID, name: { zh: '示例学校', en: 'Example School' } }],
  '/api/province': [
    { code: '11', name: '北京市', nameEn: 'Beijing' },
    { code: '44', name: '广东省', nameEn: 'Guangdong' },
  ],
  '/api/city': [{ code: '1101', name: '北京市', nameEn: 'Beijing', provinceCode: '11' }],
});

/** A stand-in for the server at the HTTP transport: the page's own services and request pipeline still run. */
const fakeServer = async (config: AxiosRequestConfig): Promise<AxiosResponse> => {
  const reply = (status: number, data: object): AxiosResponse => ({
    data,
    status,
    statusText: '',
    headers: {},
    config,
  });
  if (config.method?.toUpperCase() === 'PUT' && config.url === '/api/front/profile') {
    saves.push(JSON.parse(String(config.data)));
    const answer = saveAnswer ?? { status: 200, body: { success: true, data: { ...FILLED, name: 'Han Meimei' } } };
    if (answer.status >= 400) {
      throw new AxiosError('refused', 'ERR_BAD_REQUEST', config, {}, reply(answer.status, answer.body));
    }
    return reply(answer.status, answer.body);
  }
  const data = answers()[config.url ?? ''];
  return data
    ? reply(200, { success: true, data })
    : reply(404, { success: false, errorCode: 'NOT_FOUND', errorMessage: '', showType: 0 });
};

const NEW_AVATAR_ID = '0192f0c0-0000-7000-8000-000000005002';
const uploads: Array<{ url: string; authorization: string; file: File }> = [];

/** The avatar endpoint as antd Upload reaches it: a plain XMLHttpRequest, not the request pipeline. */
class FakeUploadRequest {
  status = 0;
  responseText = '';
  upload = {};
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private url = '';
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    uploads.push({ url: this.url, authorization: this.headers.Authorization ?? '', file: body.get('file') as File });
    this.status = 200;
    this.responseText = JSON.stringify({
      success: true,
      data: { avatarId: NEW_AVATAR_ID, avatarUrl: '/api/front/avatars/new', avatar_small: '/api/front/avatars/new/s' },
    });
    setTimeout(() => this.onload?.(), 0);
  }
  abort() {}
}

/** The chosen image as the browser decodes it (jsdom decodes none): its size decides what the crop step allows. */
let decoded = { width: 600, height: 1000 };
/** What the crop step drew: source rectangle and destination size of every drawImage call. */
const drawn: Array<{ sx: number; sy: number; sw: number; sh: number; dw: number; dh: number }> = [];

beforeAll(() => {
  getRequestInstance().defaults.adapter = fakeServer;
  window.XMLHttpRequest = FakeUploadRequest as unknown as typeof XMLHttpRequest;
  // jsdom has neither image decoding nor a 2D canvas: these stand in with the browser's behaviour.
  globalThis.createImageBitmap = (async () => ({ ...decoded, close() {} })) as unknown as typeof createImageBitmap;
  HTMLCanvasElement.prototype.getContext = function getContext() {
    const drawImage = (...args: number[]) => {
      const [, sx, sy, sw, sh, , , dw, dh] = args;
      drawn.push({ sx, sy, sw, sh, dw, dh } as (typeof drawn)[number]);
    };
    return { drawImage } as unknown as CanvasRenderingContext2D;
  } as unknown as typeof HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.toBlob = function toBlob(callback: BlobCallback, type?: string) {
    callback(new Blob([new Uint8Array(4096)], { type }));
  };
});

beforeEach(() => {
  user = candidate;
  saved = EMPTY;
  saveAnswer = undefined;
  saves.length = 0;
  uploads.length = 0;
  drawn.length = 0;
  decoded = { width: 600, height: 1000 };
});

async function openProfile(locale: string, search = '') {
  localStorage.clear();
  localStorage.setItem('umi_locale', locale);
  localStorage.setItem('access_token', 'token-1');
  localStorage.setItem('type', user.kind);
  render(<TestBrowser location={{ pathname: '/home/profile', search }} />);
}

async function openForm(locale = 'en-US', search = '') {
  await openProfile(locale, search);
  const save = await screen.findByText(locale === 'en-US' ? 'Save' : '保 存', {}, { timeout: 10_000 });
  return save.closest('button') as HTMLButtonElement;
}

// Checking pointer-events walks getComputedStyle up the tree on every action, which antd's styles make slow.
const person = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });

describe('profile page of a candidate', () => {
  it('asks for every required field in the words of the spec when saved empty, and saves nothing', async () => {
    const save = await openForm();
    expect(screen.getByLabelText('Login phone')).toHaveValue('+8613800138000');
    expect(screen.getByLabelText('Login phone')).toHaveAttribute('readonly');
    expect(screen.getByText('Please select organization!')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Please enter invitation code')).toBeInTheDocument();
    await person.click(save);
    // Validation of the whole form takes a while in jsdom.
    expect(await screen.findByText('Please Upload Image', {}, { timeout: 20_000 })).toBeInTheDocument();
    for (const message of [
      'Please enter your Name',
      'Please select gender',
      'Please enter email adress',
      'Please enter Phone number',
      'Please enter ID card number',
      'Please enter date of birth!',
      'Please select city and state!',
      'Please input Address!',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(saves).toEqual([]);
  });

  it('names the upload button by its label so it can be reached and announced', async () => {
    await openForm();
    const upload = screen.getByLabelText('Photo');
    expect(upload.tagName).toBe('BUTTON');
    expect(upload).toHaveTextContent('Upload photo');
  });

  it('names the saved province and city in the language of the UI', async () => {
    saved = FILLED;
    await openForm();
    expect(await screen.findByText('Beijing / Beijing')).toBeInTheDocument();
    cleanup();
    await openForm('zh-CN');
    expect(await screen.findByText('北京市 / 北京市')).toBeInTheDocument();
  });

  it('refuses an ID number with a wrong check character', async () => {
    saved = FILLED;
    const save = await openForm();
    const idNumber = screen.getByLabelText('ID card number');
    await person.clear(idNumber);
    await person.type(idNumber, '110105194912310021');
    await person.click(save);
    expect(
      await screen.findByText(
        'The ID card number is not valid. Please check all 18 characters.',
        {},
        { timeout: 20_000 },
      ),
    ).toBeInTheDocument();
    expect(saves).toEqual([]);
  });

  it('fills the date of birth from a valid ID number, and refuses a date changed to disagree with it', async () => {
    saved = FILLED;
    const save = await openForm();
    const idNumber = screen.getByLabelText('ID card number');
    await person.clear(idNumber);
    // Valid, born 1990-01-01 while the form said 1949-12-31.
    await person.type(idNumber, '110105199001010029');
    const birth = screen.getByLabelText('Date of birth');
    await waitFor(() => expect(birth).toHaveValue('1990-01-01'));

    await person.clear(birth);
    await person.type(birth, '1990-01-02{Enter}');
    await person.click(save);
    expect(
      await screen.findByText('The date of birth does not match the ID card number.', {}, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(saves).toEqual([]);
  });

  it('takes Enter in the date of birth as the date typed, without saving the profile', async () => {
    saved = FILLED;
    await openForm();
    const birth = screen.getByLabelText('Date of birth');
    await person.click(birth);
    await person.clear(birth);
    await person.type(birth, '1949-12-31{Enter}');
    expect(birth).toHaveValue('1949-12-31');
    // A save would have answered with a message; give it the time a save takes.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(saves).toEqual([]);
  });

  it('opens the calendar of an empty date of birth at the birth year of the ID number, not this year', async () => {
    await openForm();
    await person.type(screen.getByLabelText('ID card number'), '110105199001010029');
    const birth = screen.getByLabelText('Date of birth');
    await waitFor(() => expect(birth).toHaveValue('1990-01-01'));
    await person.clear(birth);
    await person.click(birth);
    await waitFor(() => expect(document.querySelector('.ant-picker-header-view')).toHaveTextContent('1990'));
  });

  it('refuses a photo over 2 MB before uploading it', async () => {
    await openForm();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const photo = new File([new Uint8Array(3 * 1024 * 1024)], 'photo.png', { type: 'image/png' });
    await person.upload(input, photo);
    expect(await screen.findByText('Image size is exceed 2MB!')).toBeInTheDocument();
  });

  it('states the photo rules next to the upload', async () => {
    await openForm();
    expect(screen.getByText(/JPG or PNG, at least 295 × 413 pixels, at most 2 MB/)).toBeInTheDocument();
  });

  it('refuses a WebP before cropping or uploading it', async () => {
    await openForm();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png');
    // A file picker may still hand one over (an "all files" choice): it is refused all the same.
    const anyFile = userEvent.setup({ applyAccept: false, pointerEventsCheck: PointerEventsCheckLevel.Never });
    await anyFile.upload(input, new File([new Uint8Array(1024)], 'me.webp', { type: 'image/webp' }));
    expect(await screen.findByText('Please upload a JPG or PNG image.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(uploads).toEqual([]);
  });

  it('crops the photo to the ticket proportions, moved and zoomed by keyboard, then uploads and saves it', async () => {
    saved = FILLED;
    const save = await openForm();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await person.upload(input, new File([new Uint8Array(1024)], 'me.png', { type: 'image/png' }));
    const dialog = await screen.findByRole('dialog', { name: 'Crop your photo' });
    const preview = await screen.findByRole('img', { name: 'Photo as it will appear on your ticket' });
    // Centred: the whole 600 px width, 840 px high (295:413), 80 px from the top of the 1000 px image.
    await waitFor(() => expect(drawn.at(-1)).toMatchObject({ sx: 0, sy: 80, sw: 600, sh: 840 }));
    expect(uploads).toEqual([]);

    preview.focus();
    await person.keyboard('{ArrowDown}');
    await waitFor(() => expect(drawn.at(-1)?.sy).toBeCloseTo(122));
    await person.keyboard('+');
    await waitFor(() => expect(drawn.at(-1)?.sw).toBeCloseTo(600 / 1.1));
    await person.click(screen.getByRole('button', { name: 'Use this photo' }));

    await waitFor(() => expect(screen.getByAltText('Your photo')).toHaveAttribute('src', '/api/front/avatars/new'));
    expect(dialog).not.toBeVisible();
    // The uploaded file is the crop, at its own size and the ticket's proportions: 545 x 763.
    expect(drawn.at(-1)).toMatchObject({ dw: 545, dh: 763 });
    expect(uploads).toMatchObject([{ url: '/api/front/profile/avatar', authorization: 'Bearer token-1' }]);
    expect(uploads[0]?.file).toMatchObject({ name: 'photo.jpg', type: 'image/jpeg' });
    await person.click(save);
    expect(await screen.findByText('Your profile has been saved.', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(saves).toMatchObject([{ avatarId: NEW_AVATAR_ID }]);
  });

  it('uploads nothing when the crop step is cancelled', async () => {
    await openForm();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await person.upload(input, new File([new Uint8Array(1024)], 'me.jpg', { type: 'image/jpeg' }));
    await screen.findByRole('dialog', { name: 'Crop your photo' });
    await person.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(uploads).toEqual([]);
    expect(screen.queryByAltText('Your photo')).not.toBeInTheDocument();
  });

  it('refuses an image too small for a 295 × 413 crop, and uploads nothing', async () => {
    decoded = { width: 400, height: 400 };
    await openForm();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await person.upload(input, new File([new Uint8Array(1024)], 'me.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('The photo must be at least 295 × 413 pixels.')).toBeInTheDocument();
    expect(uploads).toEqual([]);
  });

  it('shows why the photo was rejected until a new one is chosen', async () => {
    saved = { ...FILLED, photoRejection: { reason: 'Not a face', rejectedAt: '2026-11-20T02:00:00.000Z' } };
    await openForm();
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Your photo was rejected');
    expect(notice).toHaveTextContent('Reason: Not a face. Your admission ticket is issued once you upload a new photo');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await person.upload(input, new File([new Uint8Array(1024)], 'me.jpg', { type: 'image/jpeg' }));
    await person.click(await screen.findByRole('button', { name: 'Use this photo' }));
    await waitFor(() => expect(screen.getByAltText('Your photo')).toHaveAttribute('src', '/api/front/avatars/new'));
    expect(screen.queryByText('Your photo was rejected')).not.toBeInTheDocument();
  });

  it('shows the server refusing the invitation code on that field, and keeps the form', async () => {
    saved = FILLED;
    saveAnswer = {
      status: 400,
      body: {
        success: false,
        errorCode: 'INVITATION_CODE_INVALID',
        errorMessage: 'Unknown invitation code.',
        showType: 2,
      },
    };
    const save = await openForm();
    await person.type(screen.getByLabelText('Invitation code (optional)'), 'NOPE');
    await person.click(save);
    expect(await screen.findByText('*Invalid Invitation code')).toBeInTheDocument();
    expect(screen.queryByText('Your profile has been saved.')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Invitation code (optional)')).toHaveAttribute('aria-invalid', 'true');
  });

  it('saves the normalized values, updates the header and returns to the page that asked', async () => {
    saved = FILLED;
    const back = '/home/singleRegistration?examId=0192f0c0-0000-7000-8000-000000000101';
    const save = await openForm('en-US', `?redirect=${encodeURIComponent(back)}`);
    const name = screen.getByLabelText('Name');
    await person.clear(name);
    await person.type(name, '  Han Meimei  ');
    await person.type(screen.getByLabelText('Invitation code (optional)'), ' welcome ');
    await person.click(save);
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(saves).toEqual([
      {
        name: 'Han Meimei',
        gender: 'female',
        email: 'li.lei@example.com',
        contactPhone: '13900139000',
        address: '1 Example Road',
        idNumber: '11010519491231002X',
        organizationId: ORGANIZATION_ID,
        invitationCode: 'welcome',
        dateOfBirth: '1949-12-31',
        provinceCode: '11',
        cityCode: '1101',
        avatarId: AVATAR_ID,
      },
    ]);
    await waitFor(() => expect(history.location.pathname).toBe('/home/singleRegistration'));
    expect(history.location.search).toBe('?examId=0192f0c0-0000-7000-8000-000000000101');
    expect(await screen.findByText('Han Meimei')).toBeInTheDocument();
  });

  it.each([
    ['en-US', 'Old Academy (retired)'],
    ['zh-CN', '旧学院（已停用）'],
  ])('%s: names a retired organization the profile keeps, labelled retired, and saves it', async (locale, shown) => {
    const retiredId = '0192f0c0-0000-7000-8000-000000000039';
    saved = {
      ...FILLED,
      organizationId: retiredId,
      retiredOrganization: { id: retiredId, name: { zh: '旧学院', en: 'Old Academy' } },
    };
    const save = await openForm(locale);
    expect(await screen.findByText(shown)).toBeInTheDocument();
    expect(screen.queryByText(retiredId)).not.toBeInTheDocument();
    await person.click(save);
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ organizationId: retiredId });
  });

  it('speaks Chinese when the language is zh-CN', async () => {
    const save = await openForm('zh-CN');
    await person.click(save);
    expect(await screen.findByText('请输入姓名', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(await screen.findByText('请上传照片')).toBeInTheDocument();
    expect(await screen.findByText('请选择省份和城市！')).toBeInTheDocument();
    expect(screen.getByLabelText('身份证号码')).toBeInTheDocument();
  });
});
