import { formatFen, formatInZone } from '../../../../contract/format';

/** The console shows every instant on Beijing time, as the days of its filters and of the provider's record are. */
export const OPS_ZONE = 'Asia/Shanghai';

/** The console's formatters in the reader's language: money from fen, instants on Beijing time. */
export function opsFormat(locale: string) {
  return {
    money: (fen: number) => formatFen(fen, locale),
    at: (iso: string) => formatInZone(iso, OPS_ZONE),
  };
}
