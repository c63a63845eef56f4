/** What the server accepts as a results sheet (its RESULT_FILE_* refusals), checked first to spare the upload. */
export const RESULT_FILE_MAX_BYTES = 2 * 1024 * 1024;
export const RESULT_FILE_EXTENSIONS = ['.xlsx', '.csv'];

/** The error code the server would answer for a sheet the browser can already refuse, or null to send it. */
export function checkResultFile(file: {
  name: string;
  size: number;
}): 'RESULT_FILE_INVALID' | 'RESULT_FILE_TOO_LARGE' | null {
  const name = file.name.toLowerCase();
  if (!RESULT_FILE_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'RESULT_FILE_INVALID';
  if (file.size > RESULT_FILE_MAX_BYTES) return 'RESULT_FILE_TOO_LARGE';
  return null;
}
