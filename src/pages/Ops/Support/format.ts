/** +8613900139001 -> 13900139001: how support reads a number back to the caller; an anonymized account's is a dash. */
export const nationalPhone = (phone: string) => phone.replace(/^\+86/, '') || '–';
