import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { ExamSummaryRow } from '../db/rows';
import type { ExamsRepository } from './ports';
import { recentExams } from './recentExams';

/** An exams repository whose summary read counts its calls and answers the exam's current seats taken. */
function countingExams() {
  const state = { reads: 0, seatsTaken: 0 };
  const summary = async (id: string) => {
    state.reads += 1;
    return {
      exam: { id, seatsTaken: state.seatsTaken },
      center: { verificationStatus: 'approved' },
    } as unknown as ExamSummaryRow;
  };
  const repository = { examSummary: summary, exam: async () => undefined } as unknown as ExamsRepository;
  return { state, repository };
}

test('one read of an exam serves its bookings for freshMs, then the next read sees the change', async () => {
  const { state, repository } = countingExams();
  let now = 0;
  const { exams } = recentExams(repository, 1000, () => now);
  const first = await exams.exam('e1');
  await exams.examSummary('e1');
  await exams.exam('e1');
  assert.equal(state.reads, 1);
  assert.equal(first?.centerStatus, 'approved');

  state.seatsTaken = 3;
  now = 999;
  assert.equal((await exams.exam('e1'))?.seatsTaken, 0, 'still the recent read');
  now = 1000;
  assert.equal((await exams.exam('e1'))?.seatsTaken, 3, 'read again once it is a second old');
  assert.equal(state.reads, 2);
  await exams.exam('e2');
  assert.equal(state.reads, 3, 'each exam has its own read');
});

test('freshMs 0 reads every time (as tests run it)', async () => {
  const { state, repository } = countingExams();
  const { exams } = recentExams(repository, 0, () => 0);
  await exams.exam('e1');
  await exams.examSummary('e1');
  assert.equal(state.reads, 2);
});
