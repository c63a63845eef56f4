import { useEffect } from 'react';
import { useIntl } from '@/intl';
import { formatterBuilds } from '../../contract/format';

/**
 * Builds the Intl formatters a list of exams needs, one task apiece, while the list's request is out. The first Intl
 * call of a page sets up ICU, a task of 250-300 ms at bench:lighthouse's 4x slower CPU; built here, it is not part of
 * the list's first render.
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
