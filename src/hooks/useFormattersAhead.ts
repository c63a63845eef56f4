import { useEffect } from 'react';
import { useIntl } from '@/intl';
import { formatterBuilds } from '../../contract/format';

/**
 * Builds the Intl formatters a list of exams needs, one task apiece, while the list's request is out. The first Intl
 * call of a page sets up ICU, 60-80 ms at a phone's speed; built here, that is not part of the list's first render.
 * Only a page that shows fees or exam times asks for it: the login page formats neither and never pays for ICU.
 */
export function useFormattersAhead(): void {
  const { locale } = useIntl();
  useEffect(() => {
    const timers = formatterBuilds(locale).map((build) => setTimeout(build));
    return () => {
      for (const timer of timers) clearTimeout(timer);
    };
  }, [locale]);
}
