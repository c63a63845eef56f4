import { useRequest } from 'ahooks';
import { useMemo } from 'react';
import { registrations } from '@/services/booking';
import { handledHere } from '@/utils/failure';
import type { RegistrationView } from '../../../../contract/booking';

/** The most registrations the API gives in one page: far more than one candidate holds at a time. */
const ALL = 100;

/**
 * The candidate's live (not canceled) registrations by exam, so an exam already booked says so instead of offering
 * Book. Best effort: without them (not a student, or the call failed) every exam offers Book, and the server still
 * refuses a second booking.
 */
export function useBookedExams(isStudent: boolean): Map<string, RegistrationView> {
  const { data } = useRequest(() => registrations({ current: 1, pageSize: ALL }, handledHere), {
    ready: isStudent,
  });
  return useMemo(
    () =>
      new Map(
        (data?.list ?? [])
          .filter((registration) => registration.status !== 'canceled')
          .map((registration) => [registration.exam.id, registration]),
      ),
    [data],
  );
}
