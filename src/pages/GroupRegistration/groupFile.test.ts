import {
  GROUP_FILE_MAX_BYTES as CONTRACT_MAX_BYTES,
  GROUP_COLUMNS,
  GROUP_TEMPLATE_PATH,
} from '../../../contract/group';
import enGroup from '../../locales/en-US/gRegistration';
import zhGroup from '../../locales/zh-CN/gRegistration';
import { groupTemplateUrl } from '../../services/group';
import { checkGroupFile, GROUP_FILE_MAX_BYTES } from './groupFile';

describe('the browser checks of a group file', () => {
  it('hold the same size limit as the contract', () => {
    expect(GROUP_FILE_MAX_BYTES).toBe(CONTRACT_MAX_BYTES);
  });

  it('send .xlsx and .csv files up to 2 MB, whatever the case of the extension', () => {
    expect(checkGroupFile({ name: 'class-3.xlsx', size: 10_000 })).toBeNull();
    expect(checkGroupFile({ name: 'CLASS-3.CSV', size: CONTRACT_MAX_BYTES })).toBeNull();
  });

  it('refuse other kinds of file and files over 2 MB', () => {
    expect(checkGroupFile({ name: 'class-3.xls', size: 10_000 })).toBe('GROUP_FILE_INVALID');
    expect(checkGroupFile({ name: 'class-3.xlsx.pdf', size: 10_000 })).toBe('GROUP_FILE_INVALID');
    expect(checkGroupFile({ name: 'school.csv', size: CONTRACT_MAX_BYTES + 1 })).toBe('GROUP_FILE_TOO_LARGE');
  });
});

describe('the group page names', () => {
  it("the file's columns as the template's headers do, in both languages", () => {
    const en = enGroup as Record<string, string>;
    const zh = zhGroup as Record<string, string>;
    for (const [key, column] of Object.entries(GROUP_COLUMNS)) {
      expect([key, en[`pages.gRegistration.column.${key}`]]).toEqual([key, column.en]);
      expect([key, zh[`pages.gRegistration.column.${key}`]]).toEqual([key, column.zh]);
    }
  });

  it('the template download at the path of the contract', () => {
    expect(groupTemplateUrl('xlsx')).toBe(`${GROUP_TEMPLATE_PATH}?format=xlsx`);
    expect(groupTemplateUrl('csv')).toBe(`${GROUP_TEMPLATE_PATH}?format=csv`);
  });
});
