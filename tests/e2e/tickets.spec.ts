import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Download, expect, type Locator, type Page, test } from '@playwright/test';
import dayjs from 'dayjs';
import sharp from 'sharp';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/lib/chromium';
import enCheckout from '../../src/locales/en-US/checkout';
import enExaminer from '../../src/locales/en-US/examiner';
import enTicket from '../../src/locales/en-US/ticket';
import { writeCameraVideo } from './fakeCamera';
import {
  approveCenter,
  bookAndPay,
  center,
  completeCenterProfile,
  createExam,
  operatorConsole,
  ownExamStart,
  phones,
  readyCandidate,
} from './journeys';
import { expectAccessible, logInOnLoginPage } from './support';

const CANDIDATE = 'Li Hua';
const ROOMS = [
  { name: 'E2E-A', seats: '25' },
  { name: 'E2E-B', seats: '30' },
];

const fill = (text: string, values: Record<string, string | number>) =>
  Object.entries(values).reduce((out, [key, value]) => out.replace(`{${key}}`, String(value)), text);
const examiner = (key: keyof typeof enExaminer, values: Record<string, string | number> = {}) =>
  fill(enExaminer[key], values);

/** The token the ticket page's QR holds, as the API answers it to the candidate. */
function ticketToken(candidate: Page): Promise<string> {
  const registrationId = new URL(candidate.url()).searchParams.get('registrationId');
  return candidate.evaluate(async (id) => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('access_token')}` };
    const answer = await fetch(`/api/front/registrations/${id}/ticket`, { headers });
    return (await answer.json()).data.token;
  }, registrationId);
}

/** What a ticket token names: the registration, the exam and the ticket's version. */
function claimsOf(token: string) {
  const { sub, exam, v } = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());
  return { sub, exam, v };
}

const compact = (text: string) => text.replace(/\s+/g, '');

/** A downloaded PDF read back (pdfReadBack.ts): each page's text and images, the QR codes of its first page. */
async function readBack(download: Promise<Download>) {
  const file = (await (await download).path()) as string;
  const json = execFileSync(process.execPath, ['--import', 'tsx', join(__dirname, 'pdfReadBack.ts'), file]);
  return JSON.parse(json.toString()) as { pages: { text: string; images: number }[]; qrCodes: string[] };
}

/** The element is on screen with a size, and what it shows is not one flat colour (a photo, not an empty box). */
async function expectPicture(element: Locator) {
  await expect(element).toBeVisible();
  const box = await element.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(40);
  expect(box?.height ?? 0).toBeGreaterThan(40);
  const { channels } = await sharp(await element.screenshot()).stats();
  // The test photo is one grey-blue: its mean is that colour, far from the page's white.
  expect(channels.slice(0, 3).some((channel) => channel.mean < 200)).toBe(true);
}

async function typeDateTime(page: Page, label: string, value: dayjs.Dayjs) {
  const field = page.getByLabel(label);
  await field.click();
  await field.fill(value.format('YYYY-MM-DD HH:mm'));
  await field.press('Enter');
}

/** The center adds the two rooms on its console. */
async function addRooms(page: Page) {
  await page.goto('/home/center');
  for (const room of ROOMS) {
    await page.getByRole('button', { name: center('pages.center.rooms.add') }).click();
    const dialog = page.getByRole('dialog', { name: center('pages.center.rooms.add') });
    await dialog.getByLabel(center('pages.center.rooms.column.name')).fill(room.name);
    await dialog.getByLabel(center('pages.center.rooms.column.building')).fill('A');
    await dialog.getByLabel(center('pages.center.rooms.column.floor')).fill('3');
    await dialog.getByLabel(center('pages.center.rooms.column.seats')).fill(room.seats);
    await dialog.getByRole('button', { name: center('pages.center.rooms.save') }).click();
    await expect(page.getByRole('cell', { name: room.name, exact: true })).toBeVisible();
  }
}

/**
 * The exam uses both rooms; tickets are released the day before so seats can be allocated, then released at once (as
 * a center would on the release day), so the candidate's ticket carries the room and seat.
 */
async function seatAndRelease(page: Page, examId: string, startsAt: dayjs.Dayjs) {
  await page.goto(`/home/center/exams/${examId}`);
  await page.getByRole('tab', { name: center('pages.center.examPage.tab.seating') }).click();
  await expect(page.getByRole('button', { name: center('pages.center.seating.allocate') })).toBeVisible();
  for (const room of ROOMS) {
    const box = page.getByLabel(fill(center('pages.center.seating.room.option'), room));
    // The form may render again as the tab's data arrives: check until it holds.
    await expect(async () => {
      await box.check();
      await expect(box).toBeChecked({ timeout: 1_000 });
    }).toPass();
  }
  const release = center('pages.center.seating.release');
  await typeDateTime(page, release, startsAt.subtract(1, 'day'));
  await page.getByRole('button', { name: center('pages.center.seating.save') }).click();
  await expect(page.getByText(center('pages.center.seating.saved')).first()).toBeVisible();
  await page.getByRole('button', { name: center('pages.center.seating.allocate') }).click();
  await expect(page.getByText(fill(center('pages.center.seating.allocated'), { n: 1 }))).toBeVisible();
  await page.getByLabel(release).clear();
  await typeDateTime(page, release, dayjs().subtract(1, 'minute'));
  await page.getByRole('button', { name: center('pages.center.seating.save') }).click();
  await expect(page.getByText(center('pages.center.seating.released'))).toBeVisible();
}

/** Where the seat chart on screen puts the candidate: the room and the seat number. */
async function seatOnChart(page: Page): Promise<{ room: string; seat: number }> {
  for (const room of ROOMS) {
    await page.getByRole('radio', { name: room.name }).check({ force: true });
    const taken = page.getByRole('listitem', { name: new RegExp(`: ${CANDIDATE}$`) });
    if ((await taken.count()) === 1) {
      const label = (await taken.getAttribute('aria-label')) ?? '';
      const chart = page.getByRole('list', {
        name: fill(center('pages.center.seatChart.grid.label'), { room: room.name }),
      });
      await expect(chart.getByRole('listitem', { name: /: empty$/ })).toHaveCount(Number(room.seats) - 1);
      return { room: room.name, seat: Number(label.match(/\d+/)?.[0]) };
    }
  }
  throw new Error('the candidate is on no seat chart');
}

/** The examiner's phone, its camera seeing `qrImage`; answers the page and a way to close it all. */
async function examinerPhone(qrImage: Buffer, phone: string) {
  const work = mkdtempSync(join(tmpdir(), 'exam-e2e-camera-'));
  const video = join(work, 'ticket.y4m');
  await writeCameraVideo(qrImage, video);
  const camera = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  const door = await camera.newContext({
    baseURL: test.info().project.use.baseURL,
    locale: 'en-US',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    permissions: ['camera'],
  });
  const page = await door.newPage();
  await page.goto('/user/login');
  await logInOnLoginPage(page, 'Examiner', phone);
  const close = async () => {
    await camera.close();
    rmSync(work, { recursive: true, force: true });
  };
  return { page, close };
}

test('a candidate with a photo books; the center seats two rooms; ticket page and PDF carry photo, room and seat; the door list prints; the examiner at another room is warned and sees photo and seat', async ({
  browser,
  page,
}) => {
  test.setTimeout(480_000);
  const phone = phones();
  const name = `E2E Seating ${phone.center.slice(-6)}`;

  await page.goto('/user/login');
  await logInOnLoginPage(page, 'Test center', phone.center);
  const businessName = `Seating Test Center ${phone.center.slice(-6)}`;
  await completeCenterProfile(page, businessName);
  const examId = await createExam(page, `E2E-S-${phone.center.slice(-8)}`, name);
  const operator = await operatorConsole(browser);
  await approveCenter(operator.page, businessName);
  await operator.context.close();

  // The candidate's profile carries the ID photo (journeys.ts uploads it); they book and pay.
  const { context: candidateContext, page: candidate } = await readyCandidate(browser, phone.candidate);
  await bookAndPay(candidate, examId);
  await candidate
    .getByRole('button', { name: enCheckout['pages.checkout.done.viewTicket'] })
    .click({ timeout: 30_000 });
  await expect(candidate.getByRole('heading', { name: enTicket['pages.ticket.title'] })).toBeVisible();
  const ticketUrl = candidate.url();

  // The center: two rooms, seats allocated, tickets released; the seat chart shows where the candidate sits.
  await addRooms(page);
  const startsAt = ownExamStart();
  await seatAndRelease(page, examId, startsAt);
  const { room, seat } = await seatOnChart(page);
  const otherRoom = ROOMS.find((r) => r.name !== room)?.name as string;
  await expectAccessible(page);

  // The door list of every room: the candidate on their room's list with their photo, each room's chart after it.
  const doorList = await readBack(
    Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: center('pages.center.seatChart.print.all') }).click(),
    ]).then(([download]) => download),
  );
  const doorPages = doorList.pages;
  expect(doorPages).toHaveLength(4);
  const listPage = doorPages[ROOMS.findIndex((r) => r.name === room) * 2];
  expect(compact(listPage?.text ?? '')).toContain(compact(CANDIDATE));
  expect(compact(listPage?.text ?? '')).toContain(compact(name));
  expect(listPage?.images).toBe(1);

  // The ticket page: photo, room and seat.
  await candidate.goto(ticketUrl);
  const card = candidate.locator('.print-sheet');
  await expect(card.getByText(`${room} · A · floor 3`)).toBeVisible();
  const seatLabel = candidate.locator('.ant-descriptions-item-label', {
    hasText: new RegExp(`^${enTicket['pages.ticket.field.seat']}$`),
  });
  await expect(card.locator('.ant-descriptions-item').filter({ has: seatLabel })).toContainText(String(seat));
  await expectPicture(card.getByRole('img', { name: fill(enTicket['pages.ticket.photo'], { name: CANDIDATE }) }));

  // The ticket PDF: its text read back, its page rendered (the QR decodes to the ticket page's token).
  const ticketPdf = await readBack(
    Promise.all([
      candidate.waitForEvent('download'),
      candidate.getByRole('button', { name: enTicket['pages.ticket.downloadPdf'] }).click(),
    ]).then(([download]) => download),
  );
  const [ticketPage, ...morePages] = ticketPdf.pages;
  expect(morePages).toHaveLength(0);
  const printed = compact(ticketPage?.text ?? '');
  expect(printed).toContain(compact(CANDIDATE));
  expect(printed).toContain(compact(`${room} (A, floor 3)`));
  expect(printed).toContain(compact(`Seat${seat}`));
  expect(ticketPage?.images).toBe(1);
  const qr = card.getByRole('img', { name: fill(enTicket['pages.ticket.qrLabel'], { name: CANDIDATE, exam: name }) });
  // The PDF's page rendered to pixels: its QR names what the page's does (each answer signs afresh: iat differs).
  expect(ticketPdf.qrCodes).toHaveLength(1);
  expect(claimsOf(ticketPdf.qrCodes[0] ?? '')).toEqual(claimsOf(await ticketToken(candidate)));

  // The center gives the examiner the other room's door.
  await page.getByRole('tab', { name: center('pages.center.examPage.tab.examiners') }).click();
  await page.getByLabel(center('pages.center.examiners.phone')).fill(phone.examiner);
  await page.getByRole('button', { name: center('pages.center.examiners.assign') }).click();
  await page
    .getByRole('combobox', { name: fill(center('pages.center.examiners.room.label'), { name: phone.examiner }) })
    .click({ force: true });
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: otherRoom }).click();
  await expect(
    page.getByText(fill(center('pages.center.examiners.room.saved'), { name: phone.examiner, room: otherRoom })),
  ).toBeVisible();
  await expectAccessible(page);

  // At the door, on a phone: the scan shows photo, room and seat, and warns that the candidate belongs elsewhere.
  const door = await examinerPhone(await qr.screenshot(), phone.examiner);
  try {
    const scan = door.page;
    await scan.goto(`/home/examiner/scan?examId=${examId}`);
    await expect(scan.getByText(examiner('pages.examiner.scan.door.room', { room: otherRoom }))).toBeVisible();
    await expect(scan.getByText(examiner('pages.examiner.scan.identity.title'))).toBeVisible({ timeout: 40_000 });
    await expect(scan.getByText(examiner('pages.examiner.scan.otherRoom.title', { room, seat }))).toBeVisible();
    await expectPicture(
      scan.getByRole('img', { name: examiner('pages.examiner.scan.identity.photo', { name: CANDIDATE }) }),
    );
    const identity = scan.locator('.ant-card');
    await expect(identity.getByText(String(seat), { exact: true })).toBeVisible();
    await expectAccessible(scan);
    await scan.getByRole('button', { name: examiner('pages.examiner.scan.otherRoom.checkin') }).click();
    await expect(scan.getByText(examiner('pages.examiner.scan.checkedIn', { name: CANDIDATE }))).toBeVisible();
  } finally {
    await door.close();
    await candidateContext.close();
  }
});
