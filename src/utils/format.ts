/** +8613800138000 -> 138****8000: enough to recognise one's own number in the header, not to read it off a screen. */
export function maskPhone(phone: string): string {
  const national = phone.replace(/^\+86/, '');
  return national.length === 11 ? `${national.slice(0, 3)}****${national.slice(7)}` : national;
}
