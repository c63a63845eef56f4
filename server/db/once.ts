/**
 * A value made on first use and kept: how repositories prepare the statements of hot paths (building drizzle SQL is
 * a large part of a booking's CPU), so a repository bound to a transaction prepares only what it runs.
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
