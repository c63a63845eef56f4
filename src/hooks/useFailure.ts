import { useMemo } from 'react';
import { useIntl } from '@/intl';
import { showFailure } from '@/requestErrorConfig';
import { envelopeOf } from '@/utils/bizError';
import { type FieldErrorMap, failureText, fieldErrorsOf } from '@/utils/failure';

/** The part of an antd form the errors of a refused save are put on (a FormInstance is one). */
export interface FieldErrorTarget<Field extends string> {
  setFields: (fields: Array<{ name: Field; errors: string[] }>) => void;
  scrollToField: (name: Field) => void;
}

/**
 * What forms and actions do with the failure of a call they made with `handledHere` (utils/failure), in the page's
 * language and texts:
 * - `text(error, otherwiseId?)`: the failure as a sentence, to say where it happened (`otherwiseId`: the page's words
 *   for a failure without an error code, such as no answer at all);
 * - `show(error)`: show it as the app shows every failure;
 * - `onFields(form, error, map, values?)`: put its errors on the fields they concern and scroll to the first; false
 *   when it concerns no field (then say or show it).
 * Calls a page does not handle itself need none of this: the app shows their failures.
 */
export function useFailure() {
  const intl = useIntl();
  return useMemo(
    () => ({
      text: (error: unknown, otherwiseId?: string): string =>
        failureText(error, otherwiseId ? intl.formatMessage({ id: otherwiseId }) : undefined, intl),
      show: showFailure,
      onFields: <Field extends string>(
        form: FieldErrorTarget<Field>,
        error: unknown,
        map: FieldErrorMap<Field>,
        values?: Record<string, string | number>,
      ): boolean => {
        const envelope = envelopeOf(error);
        const [first, ...rest] = envelope ? fieldErrorsOf(envelope, map) : [];
        if (!first) return false;
        form.setFields(
          [first, ...rest].map(({ field, messageId }) => ({
            name: field,
            errors: [intl.formatMessage({ id: messageId }, values)],
          })),
        );
        form.scrollToField(first.field);
        return true;
      },
    }),
    [intl],
  );
}
