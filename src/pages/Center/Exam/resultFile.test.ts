import { RESULT_ROW_REASONS } from '../../../../contract/center';
import enCenter from '../../../locales/en-US/center';
import zhCenter from '../../../locales/zh-CN/center';
import { checkResultFile, RESULT_FILE_MAX_BYTES } from './resultFile';

describe('the browser checks of a results sheet', () => {
  it('send .xlsx and .csv files up to 2 MB, whatever the case of the extension', () => {
    expect(checkResultFile({ name: 'results.XLSX', size: RESULT_FILE_MAX_BYTES })).toBeNull();
    expect(checkResultFile({ name: 'results.csv', size: 10 })).toBeNull();
  });

  it('refuse other files and larger ones with the codes the server would answer', () => {
    expect(checkResultFile({ name: 'results.xls', size: 10 })).toBe('RESULT_FILE_INVALID');
    expect(checkResultFile({ name: 'results.csv', size: RESULT_FILE_MAX_BYTES + 1 })).toBe('RESULT_FILE_TOO_LARGE');
  });

  it('word every reason the server gives for a refused row, in both languages', () => {
    for (const texts of [enCenter, zhCenter] as Record<string, string>[]) {
      expect(RESULT_ROW_REASONS.filter((reason) => !texts[`pages.center.results.reason.${reason}`])).toEqual([]);
    }
  });
});
