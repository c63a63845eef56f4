/**
 * `npm run bench:documents`: the document renderers of server/documents on their own (no HTTP, no database): one
 * admission ticket, a group's 100 tickets in one PDF, a receipt, and the .ics of a ticket. Each candidate has an ID
 * photo the size a phone camera crop gives (BENCH_PHOTO_PX wide, noisy, so it decodes like a real one).
 *
 * Settings (environment): BENCH_RUNS (20 measured renders of each single document, after 2 not counted),
 * BENCH_GROUP (100 tickets), BENCH_GROUP_RUNS (3), BENCH_PHOTO_PX (1200).
 * Target on a 2-core machine: a ticket under 300 ms, the group's file under 10 s, peak memory under 500 MB.
 */
import sharp from 'sharp';
import { examIcs, ticketCalendarEvent } from '../server/documents/calendar';
import { receiptPdf } from '../server/documents/receiptPdf';
import { ticketPdf } from '../server/documents/ticketPdf';
import { receiptDocument, ticketDocument } from '../tests/helpers/documents';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const GROUP = Number(process.env.BENCH_GROUP ?? 100);
const GROUP_RUNS = Number(process.env.BENCH_GROUP_RUNS ?? 3);
const PHOTO_PX = Number(process.env.BENCH_PHOTO_PX ?? 1200);
const WARM_UP_RUNS = 2;
const TARGET_TICKET_MS = 300;
const TARGET_GROUP_MS = 10_000;
const TARGET_PEAK_MB = 500;

/** A portrait photo of PHOTO_PX × 1.4 PHOTO_PX pixels of noise: the worst case for decoding and scaling. */
function cameraPhoto(): Promise<Buffer> {
  const width = PHOTO_PX;
  const height = Math.round(PHOTO_PX * 1.4);
  return sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
}

interface Measured {
  medianMs: number;
  maxMs: number;
  bytes: number;
}

async function measure(runs: number, render: () => Promise<Buffer | string>): Promise<Measured> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    const output = await render();
    times.push(performance.now() - started);
    bytes = Buffer.byteLength(output);
  }
  times.sort((a, b) => a - b);
  return { medianMs: times[Math.floor(times.length / 2)] ?? Number.NaN, maxMs: times.at(-1) ?? Number.NaN, bytes };
}

/** Peak resident memory of this process so far, in MB (the kernel's high-water mark). */
function peakMb(): number {
  return process.resourceUsage().maxRSS / 1024;
}

function line(label: string, result: Measured) {
  const kb = (result.bytes / 1024).toFixed(0);
  console.log(
    `  ${label.padEnd(34)}median ${result.medianMs.toFixed(0).padStart(5)} ms, max ${result.maxMs.toFixed(0).padStart(5)} ms, ${kb} KB`,
  );
}

async function main() {
  const photo = await cameraPhoto();
  const ticket = await ticketDocument({ photo });
  const group = await Promise.all(
    Array.from({ length: GROUP }, (_, i) => ticketDocument({ photo, name: `考生${i + 1}` })),
  );
  const receipt = receiptDocument();

  const started = performance.now();
  await ticketPdf([ticket], 'zh-CN');
  const firstMs = performance.now() - started;
  for (let i = 0; i < WARM_UP_RUNS; i += 1) await ticketPdf([ticket], 'zh-CN');

  const one = await measure(RUNS, () => ticketPdf([ticket], 'zh-CN'));
  const many = await measure(GROUP_RUNS, () => ticketPdf(group, 'zh-CN'));
  const receipts = await measure(RUNS, () => receiptPdf(receipt, 'zh-CN'));
  const ics = await measure(RUNS, async () => examIcs(ticketCalendarEvent(ticket, 'zh-CN')));
  const peak = peakMb();

  console.log(
    `\ndocuments: photo ${PHOTO_PX} px wide (${(photo.length / 1024).toFixed(0)} KB JPEG), Node ${process.version}`,
  );
  console.log(`  first ticket (reads the fonts)    ${firstMs.toFixed(0)} ms`);
  line('1 ticket', one);
  line(`${GROUP} tickets in one PDF`, many);
  line('receipt', receipts);
  line('ticket .ics', ics);
  console.log(`  peak memory (max RSS)             ${peak.toFixed(0)} MB`);
  console.log(
    `\ntarget: a ticket under ${TARGET_TICKET_MS} ms, ${GROUP} tickets under ${TARGET_GROUP_MS / 1000} s, peak memory under ${TARGET_PEAK_MB} MB`,
  );
  process.exit(one.medianMs < TARGET_TICKET_MS && many.maxMs < TARGET_GROUP_MS && peak < TARGET_PEAK_MB ? 0 : 1);
}

main();
