import { useRef, useState } from 'react';
import { useFailure } from '@/hooks/useFailure';
import { useIntl } from '@/intl';
import { checkin, examinerCandidate } from '@/services/examiner';
import { handledHere } from '@/utils/failure';
import type { CheckinCandidate, CheckinRequest, ExaminerExam } from '../../../../contract/examiner';
import { formatInZone } from '../../../../contract/format';
import { checkTicket, type TicketCheck } from './ticketCheck';

/** What the examiner is told after a scan or a check-in, read out by screen readers. */
export interface Outcome {
  tone: 'success' | 'warning' | 'error';
  message: string;
  candidate?: CheckinCandidate;
}

export type Step =
  | { kind: 'scanning'; outcome?: Outcome }
  | { kind: 'checking' }
  | { kind: 'identity'; candidate: CheckinCandidate; request: CheckinRequest };

/** The same code seen again within this time (still in front of the camera) is not handled again. */
const REPEAT_MS = 4_000;

/**
 * The door's state: a scanned text is verified offline, then the candidate it names is shown for the identity check
 * (scanning paused) until Check in or Cancel; every result goes back to scanning.
 */
export function useCheckinFlow(exam: ExaminerExam, onCheckedIn: () => void) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.examiner.scan.${id}` }, values);
  const failure = useFailure();
  const [step, setStep] = useState<Step>({ kind: 'scanning' });
  const [confirming, setConfirming] = useState(false);
  const busy = useRef(false);
  const lastScan = useRef<{ text: string; at: number }>();

  const finish = (outcome?: Outcome) => {
    busy.current = false;
    if (lastScan.current) lastScan.current.at = Date.now();
    setStep({ kind: 'scanning', outcome });
  };

  const already = (candidate: CheckinCandidate): Outcome => ({
    tone: 'warning',
    message: text('alreadyCheckedIn', {
      time: candidate.checkedInAt ? formatInZone(candidate.checkedInAt, exam.timeZone, 'HH:mm') : '',
    }),
    candidate,
  });

  const failed = (error: unknown, candidate?: CheckinCandidate): Outcome => ({
    tone: 'error',
    message: failure.text(error, 'pages.examiner.scan.offline'),
    candidate,
  });

  const refusal = (verdict: Exclude<TicketCheck['verdict'], 'valid'>): Outcome => {
    const ids = {
      invalid: 'errors.TICKET_INVALID',
      expired: 'pages.examiner.scan.expired',
      otherExam: 'errors.TICKET_OTHER_EXAM',
    };
    return { tone: 'error', message: intl.formatMessage({ id: ids[verdict] }) };
  };

  const scanned = async (token: string) => {
    const now = Date.now();
    const last = lastScan.current;
    lastScan.current = { text: token, at: now };
    if (busy.current || (last?.text === token && now - last.at < REPEAT_MS)) return;
    busy.current = true;
    setStep({ kind: 'checking' });
    try {
      const check = await checkTicket(token, exam.id);
      if (check.verdict !== 'valid') return finish(refusal(check.verdict));
      const candidate = await examinerCandidate(exam.id, check.registrationId, handledHere);
      if (candidate.status === 'canceled') {
        return finish({ tone: 'error', message: intl.formatMessage({ id: 'errors.TICKET_CANCELED' }), candidate });
      }
      if (candidate.checkedInAt) return finish(already(candidate));
      setStep({ kind: 'identity', candidate, request: { token } });
    } catch (error) {
      finish(failed(error));
    }
  };

  const submit = async (request: CheckinRequest, candidate: CheckinCandidate) => {
    try {
      const answer = await checkin(exam.id, request, handledHere);
      if (answer.alreadyCheckedIn) return finish(already(answer.candidate));
      finish({
        tone: 'success',
        message: text('checkedIn', { name: answer.candidate.name }),
        candidate: answer.candidate,
      });
      onCheckedIn();
    } catch (error) {
      finish(failed(error, candidate));
    }
  };

  /** Check in the candidate on the identity card. */
  const confirm = async () => {
    if (step.kind !== 'identity') return;
    setConfirming(true);
    await submit(step.request, step.candidate);
    setConfirming(false);
  };

  /** Check in a candidate the manual lookup found. */
  const checkInFound = async (candidate: CheckinCandidate) => {
    busy.current = true;
    setStep({ kind: 'checking' });
    await submit({ registrationId: candidate.registrationId }, candidate);
  };

  return { step, confirming, scanned, confirm, dismiss: () => finish(), checkInFound };
}
