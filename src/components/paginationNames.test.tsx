import { render, screen } from '@testing-library/react';
import { Table } from 'antd';
import { namedPageButtons } from './paginationNames';

const rows = [1, 2, 3].map((n) => ({ key: n, name: `Row ${n}` }));

describe('the page buttons of a table are named in the UI language, not by their arrow icons', () => {
  it.each([
    ['zh-CN', '上一页', '下一页'],
    ['en-US', 'Previous page', 'Next page'],
  ])('%s', (locale, previous, next) => {
    localStorage.setItem('umi_locale', locale);
    render(
      <Table
        columns={[{ title: 'Name', dataIndex: 'name' }]}
        dataSource={rows}
        pagination={{ pageSize: 1, itemRender: namedPageButtons }}
      />,
    );
    expect(screen.getByRole('button', { name: previous })).toBeDisabled();
    expect(screen.getByRole('button', { name: next })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'left' })).not.toBeInTheDocument();
  });
});
