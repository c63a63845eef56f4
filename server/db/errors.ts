/** The unique constraint (index) a failed insert ran into, through drizzle's wrapping of the driver error. */
export function uniqueConstraintOf(error: unknown): string | undefined {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    const { code, constraint } = current as Error & { code?: string; constraint?: string };
    if (code === '23505') return constraint ?? /unique constraint "([^"]+)"/.exec(current.message)?.[1] ?? '';
  }
  return undefined;
}
