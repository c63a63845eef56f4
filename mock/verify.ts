/**
 * Certificate verification for `npm run dev`: one published certificate (a pass of the first mock exam). Any other
 * number, well formed or not, is not found, as on the server; the mock does not rate limit.
 */
import type { CertificateVerification, DataOf } from '../contract';
import { normalizeCertificateNumber } from '../contract/certificate';
import { exams, fail, type Handler, send } from './lib/shared';

/** The number /verify?number= finds in the mock. */
export const MOCK_CERTIFICATE_NUMBER = 'EA-2026-7K3M9QXP-B';

const [exam] = exams;
const certificate: CertificateVerification = {
  certificateNumber: MOCK_CERTIFICATE_NUMBER,
  maskedName: '李*',
  exam: { code: exam.code, name: exam.name, startsAt: exam.startsAt, timeZone: exam.timeZone },
  outcome: 'pass',
  publishedAt: new Date(Date.parse(exam.startsAt) + 7 * 86_400_000).toISOString(),
};

const handlers: Record<string, Handler> = {
  'GET /api/verify/:number': (req, res) => {
    if (normalizeCertificateNumber(req.params.number ?? '') !== MOCK_CERTIFICATE_NUMBER) {
      return fail(res, 'NOT_FOUND', 'No certificate has this number.');
    }
    send<DataOf<'verifyCertificate'>>(res, certificate);
  },
};

export default handlers;
