/** A mainland E.164 number as people write it (13800138000); anything else as it came. */
export function nationalPhone(phone: string): string {
  return phone.replace(/^\+86/, '');
}
