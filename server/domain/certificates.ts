import { randomInt } from 'node:crypto';
import {
  CERTIFICATE_ALPHABET,
  type CertificateVerification,
  certificateCheckCharacter,
  normalizeCertificateNumber,
} from '../../contract';
import type { Config } from '../config';
import { AppError } from '../errors';
import type { CounterStore } from '../store';
import type { Repositories } from './ports';

/** Random characters in a certificate number: 32^8, about 10^12 numbers a year, so guessing one is hopeless. */
const RANDOM_CHARACTERS = 8;
const MINUTE_MS = 60_000;

/**
 * A fresh certificate number for an exam of `year`: EA-2026-7K3M9QXP-C (see contract/certificate.ts). The eight
 * characters come from the CSPRNG, so no number says anything about another.
 */
export function newCertificateNumber(year: number): string {
  let random = '';
  for (let i = 0; i < RANDOM_CHARACTERS; i += 1) random += CERTIFICATE_ALPHABET[randomInt(CERTIFICATE_ALPHABET.length)];
  return `EA-${year}-${random}-${certificateCheckCharacter(`EA${year}${random}`)}`;
}

/** The calendar year of an instant where the exam is held (a New Year's Eve exam in Shanghai is of that year). */
export function examYear(startsAt: Date, timeZone: string): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(startsAt));
}

function maskWord(word: string): string {
  const [first = '', ...rest] = Array.from(word);
  return first + '*'.repeat(rest.length);
}

/**
 * Enough of a name to match the person in front of you, not to learn it: 张三丰 -> 张*丰, 张三 -> 张*, and each word
 * of a name in several words to its initial (Lin Hao -> L** H**, 阿依古丽·买买提 -> 阿***·买**).
 */
export function maskName(name: string): string {
  const trimmed = name.trim();
  if (/[\s·]/u.test(trimmed)) return trimmed.replace(/[^\s·]+/gu, maskWord);
  const characters = Array.from(trimmed);
  if (characters.length <= 2) return maskWord(trimmed);
  return `${characters[0]}${'*'.repeat(characters.length - 2)}${characters[characters.length - 1]}`;
}

export interface VerifyDeps {
  repos: Pick<Repositories, 'results'>;
  store: CounterStore;
  config: Pick<Config, 'verifyRateLimitPerMinute'>;
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', undefined, undefined, undefined, 'No certificate has this number.');
}

/**
 * What a certificate number proves: the masked name, the exam and the result. Every look-up counts against the
 * client's own per-minute limit (malformed ones too), so numbers cannot be enumerated; a malformed number or one
 * with a wrong check character is not found without asking the database.
 */
export async function verifyCertificate(
  deps: VerifyDeps,
  input: { number: string; ip: string },
): Promise<CertificateVerification> {
  const lookups = await deps.store.hit(`verify:ip:${input.ip}`, MINUTE_MS);
  if (lookups > deps.config.verifyRateLimitPerMinute) {
    throw new AppError(
      'RATE_LIMITED',
      undefined,
      undefined,
      undefined,
      'Too many certificate look-ups. Try again in a minute.',
    );
  }
  const number = normalizeCertificateNumber(input.number);
  if (!number) throw notFound();
  const row = await deps.repos.results.certificate(number);
  if (!row?.publishedAt) throw notFound();
  return {
    certificateNumber: number,
    maskedName: maskName(row.name),
    exam: {
      code: row.exam.code,
      name: { zh: row.exam.nameZh, en: row.exam.nameEn },
      startsAt: row.exam.startsAt.toISOString(),
      timeZone: row.exam.timeZone,
    },
    outcome: row.outcome,
    publishedAt: row.publishedAt.toISOString(),
  };
}
