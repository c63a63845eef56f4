/**
 * Every endpoint's method and path, free of zod (these files import nothing), so the browser takes them from here:
 * `src/services` build their URLs with them, `contract/api.ts` adds the schemas, and the mock keys its handlers by
 * them. One file per service: the front end imports that file (not this index), so a page's bundle carries only the
 * paths it calls, and the first script only those of logging in.
 */

export * from './auth';
export * from './booking';
export * from './catalog';
export * from './center';
export * from './examiner';
export * from './group';
export * from './notifications';
export * from './ops';
export * from './profile';
export * from './queue';
export * from './route';
export * from './site';
export * from './system';
export * from './verify';
export * from './waitlist';
