/** How long a reference list answer is reused: the request cache's default lifetime (spec section 5, 60000 ms). */
export const REQUEST_CACHE_MS = 60_000;

const answers = new Map<string, { at: number; answer: Promise<unknown> }>();

/**
 * The answer of `load` for this key, reused for REQUEST_CACHE_MS: lists that change rarely (provinces, cities,
 * categories) are asked once a minute at most, however many forms and filters draw them. Calls made while the first
 * is on its way share it; a failure is forgotten at once, so the next call asks again.
 */
export function cachedRequest<T>(key: string, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const kept = answers.get(key);
  if (kept && now - kept.at < REQUEST_CACHE_MS) return kept.answer as Promise<T>;
  const answer = load();
  answers.set(key, { at: now, answer });
  answer.catch(() => {
    if (answers.get(key)?.answer === answer) answers.delete(key);
  });
  return answer;
}

/** Forgets every kept answer (tests start from an empty cache). */
export function clearRequestCache(): void {
  answers.clear();
}
