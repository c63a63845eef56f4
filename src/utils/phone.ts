/**
 * The contract's mainland-mobile rule (contract/phone.ts) as a pre-check, kept here because the browser takes only
 * types from contract/; a unit test holds the two to the same answers. The server validates again; this only
 * spares a round trip for obvious typos.
 */
export function isMainlandMobile(value: string): boolean {
  return /^(?:\+86|0086|86)?1[3-9]\d{9}$/.test(value.replace(/[\s\-.()]/g, ''));
}
