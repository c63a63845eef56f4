/**
 * Waits for `work`, but at most `ms`: a slow server must not hold the person (or the app's start) back. The work goes
 * on when the wait ends; whoever needs its result reads it where `work` put it.
 */
export async function waitAtMost(work: Promise<unknown>, ms: number): Promise<void> {
  await Promise.race([work, new Promise((resolve) => setTimeout(resolve, ms))]);
}
