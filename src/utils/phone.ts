/**
 * A mainland China mobile number: 11 digits starting 13-19, optionally after +86 or 86, with spaces or dashes
 * anywhere. The server normalizes and validates again; this only spares a round trip for obvious typos.
 */
export function isMainlandMobile(value: string): boolean {
  return /^(?:\+?86)?1[3-9]\d{9}$/.test(value.replace(/[\s-]/g, ''));
}
