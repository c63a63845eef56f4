import type { LocalizedText } from '../../contract/common';
import { pickText } from '../../contract/format';

/** A select's options for named things (categories, organizations): `value` of each, its name in the reader's language. */
export function namedOptions<T extends { name: LocalizedText }>(
  items: T[] | undefined,
  value: (item: T) => string,
  locale: string,
) {
  return items?.map((item) => ({ value: value(item), label: pickText(item.name, locale) }));
}
