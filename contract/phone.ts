/**
 * The phone rule of DESIGN.md section 3: a mainland China mobile (1[3-9] and 9 more digits), typed with or without
 * +86 / 86 / 0086, spaces, dashes, dots or parentheses. Answers E.164 (+8613800138000), or undefined for anything
 * else. The server and the mock use this; the front end's pre-check (src/utils/phone.ts) is tested against it.
 */
export function chinaMobileToE164(input: string): string | undefined {
  const match = /^(?:\+86|0086|86)?(1[3-9]\d{9})$/.exec(input.replace(/[\s\-.()]/g, ''));
  return match ? `+86${match[1]}` : undefined;
}
