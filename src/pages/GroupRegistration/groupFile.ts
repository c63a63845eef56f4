import type { useIntl } from '@/intl';
import { envelopeOf } from '@/utils/bizError';
import { failureText } from '@/utils/failure';
import type { GroupRejectedRow } from '../../../contract/group';
import { GROUP_ROW_REASON_COLUMN } from '../../../contract/groupRowReasons';

type PageIntl = ReturnType<typeof useIntl>;

/**
 * contract/group.ts says the same (GROUP_FILE_MAX_BYTES); kept here because importing it would bring zod to the
 * browser. A unit test holds the two equal.
 */
export const GROUP_FILE_MAX_BYTES = 2 * 1024 * 1024;
export const GROUP_FILE_EXTENSIONS = ['.xlsx', '.csv'];

/** The error code the server would answer for a file the browser can already refuse, or null to send it. */
export function checkGroupFile(file: {
  name: string;
  size: number;
}): 'GROUP_FILE_INVALID' | 'GROUP_FILE_TOO_LARGE' | null {
  const name = file.name.toLowerCase();
  if (!GROUP_FILE_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'GROUP_FILE_INVALID';
  if (file.size > GROUP_FILE_MAX_BYTES) return 'GROUP_FILE_TOO_LARGE';
  return null;
}

/** Why an upload failed, in the page's language; missing columns are named as the template names them. */
export function uploadFailureText(intl: PageIntl, error: unknown): string {
  const envelope = envelopeOf(error);
  if (envelope?.errorCode === 'GROUP_FILE_HEADERS_MISSING' && envelope.details?.length) {
    const columns = envelope.details.map(({ path }) => {
      const id = `pages.gRegistration.column.${path}`;
      return intl.messages[id] ? intl.formatMessage({ id }) : path;
    });
    return intl.formatMessage(
      { id: 'pages.gRegistration.upload.headersMissing' },
      { columns: new Intl.ListFormat(intl.locale, { type: 'conjunction' }).format(columns) },
    );
  }
  return failureText(error, undefined, intl);
}

/**
 * Every reason a row was refused, one text each, naming the column and the value it refuses (Phone "1380013": not a
 * mainland China mobile number); duplicates name the earlier row.
 */
export function rejectionTexts(intl: PageIntl, row: GroupRejectedRow): string[] {
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.gRegistration.${id}` }, values);
  return row.reasons.map((reason) => {
    const problem = text(`reason.${reason}`, { row: row.duplicateOfRow === null ? '?' : String(row.duplicateOfRow) });
    const column = GROUP_ROW_REASON_COLUMN[reason];
    if (column === null) return problem;
    const typed = row[column].trim();
    const value = typed ? text('quoted', { value: typed }) : text('blank');
    return text('problem', { column: text(`column.${column}`), value, problem });
  });
}

/** A mainland E.164 number as people write it (13800138000); anything else as it came. */
export function nationalPhone(phone: string): string {
  return phone.replace(/^\+86/, '');
}
