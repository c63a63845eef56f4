/** What every path file shares: a route's shape, and filling a path template's `:name` segments. */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Route {
  method: Method;
  path: string;
}

/** The names of a path template's `:name` segments: ParamsOf<'/a/:id/b/:userId'> is 'id' | 'userId'. */
export type ParamsOf<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path template with each `:name` segment filled in, URL-encoded: pathOf('/api/front/exams/:id', { id }). */
export function pathOf<P extends string>(template: P, params: Record<ParamsOf<P>, string>): string {
  const values: Record<string, string> = params;
  return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(values[name] as string));
}
