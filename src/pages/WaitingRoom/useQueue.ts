import { useEffect, useState } from 'react';
import { joinQueue, queueStatus } from '@/services/queue';
import { saveAdmission } from '@/utils/admission';
import { envelopeOf } from '@/utils/bizError';
import { handledHere } from '@/utils/failure';
import type { QueueState, QueueStatus } from '../../../contract/queue';

/** States after which the line has nothing more to say to this candidate: asking again would only load the server. */
const FINAL_STATES: QueueState[] = ['admitted', 'sold_out', 'closed'];
/** Refusals worth asking again (the server is busy): anything else with an error code ends the page. */
const TRANSIENT_CODES = ['OVERLOADED', 'RATE_LIMITED'];
/** After a failure without a Retry-After, and before any answer told us when to ask. */
const RETRY_SECONDS = 5;

export interface QueueView {
  status: QueueStatus | null;
  /** The server's clock minus this device's, in ms, at the last answer: countdowns run on the server's time. */
  clockOffsetMs: number;
  /** The last call failed in a way worth retrying; the place is the server's and stays. */
  trouble: boolean;
  /** A refusal that ends the page (no such exam, not a candidate). */
  failure: unknown;
}

function retryAfterSeconds(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('response' in error)) return null;
  const { response } = error as { response?: { headers?: Record<string, unknown> } };
  const seconds = Number(response?.headers?.['retry-after']);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/**
 * Joins the exam's waiting room and follows the place in line: the next status is asked exactly when the last answer
 * said (`nextCheckSeconds`, or Retry-After when the server is busy), never sooner, and not while the tab is hidden
 * (on return it asks at once if the time has come, else when it comes). An admission is kept for the booking page.
 */
export function useQueue(examId: string): QueueView {
  const [view, setView] = useState<QueueView>({ status: null, clockOffsetMs: 0, trouble: false, failure: null });

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** When the next question is due (device clock, ms); 0 once there is nothing more to ask. */
    let dueAt = 0;
    let stopped = false;
    let inLine = false;
    let lastNextCheck = RETRY_SECONDS;

    const arm = () => {
      clearTimeout(timer);
      timer = undefined;
      if (stopped || dueAt === 0 || document.visibilityState === 'hidden') return;
      timer = setTimeout(ask, Math.max(0, dueAt - Date.now()));
    };
    const askAgainIn = (seconds: number) => {
      dueAt = Date.now() + seconds * 1000;
      arm();
    };

    async function ask() {
      timer = undefined;
      dueAt = 0;
      try {
        // Joining again keeps the place, so a place the server no longer knows of (null while waiting) is taken again.
        const status = await (inLine ? queueStatus : joinQueue)(examId, handledHere);
        if (stopped) return;
        inLine = !(status.state === 'waiting' && status.position === null);
        lastNextCheck = status.nextCheckSeconds;
        if (status.admission) saveAdmission(examId, status.admission);
        setView({
          status,
          clockOffsetMs: Date.parse(status.serverTime) - Date.now(),
          trouble: false,
          failure: null,
        });
        if (!FINAL_STATES.includes(status.state)) askAgainIn(status.nextCheckSeconds);
      } catch (error) {
        if (stopped) return;
        const code = envelopeOf(error)?.errorCode;
        if (code && !TRANSIENT_CODES.includes(code)) {
          setView((current) => ({ ...current, trouble: false, failure: error }));
          return;
        }
        setView((current) => ({ ...current, trouble: true }));
        askAgainIn(retryAfterSeconds(error) ?? lastNextCheck);
      }
    }

    document.addEventListener('visibilitychange', arm);
    ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', arm);
    };
  }, [examId]);

  return view;
}
