import type { TableColumnsType, TableProps } from 'antd';
import { RegionTable } from '@/components/ScrollRegion';
import { useIntl } from '@/intl';
import type { GroupMember, GroupRejectedRow, GroupView } from '../../../../contract/group';
import { nationalPhone, rejectionTexts } from '../groupFile';

type Upload = NonNullable<GroupView['upload']>;

/** Rows of the file (keyed by their row number) under the heading that names them. */
function RowsTable<T extends { row: number }>({
  id,
  heading,
  marginTop,
  ...table
}: { id: string; heading: string; marginTop?: number } & Pick<TableProps<T>, 'columns' | 'dataSource' | 'locale'>) {
  return (
    <>
      <h3 id={id} style={{ fontSize: 16, marginTop }}>
        {heading}
      </h3>
      <RegionTable<T> labelledBy={id} rowKey="row" {...table} />
    </>
  );
}

/**
 * What the server read from the file: the total, the accepted members and the rows it refused with every reason.
 * Each table is named by its heading (aria-labelledby) and scrolls sideways on a phone.
 */
export default function UploadResult({ upload }: { upload: Upload }) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `pages.gRegistration.${id}` }, values);
  const orBlank = (value: string) => value.trim() || text('blank');

  const acceptedColumns: TableColumnsType<GroupMember> = [
    { title: text('column.row'), dataIndex: 'row', key: 'row', width: 72 },
    { title: text('column.name'), dataIndex: 'name', key: 'name' },
    { title: text('column.phone'), key: 'phone', render: (_, member) => nationalPhone(member.phone) },
    { title: text('column.idNumber'), dataIndex: 'maskedIdNumber', key: 'idNumber' },
    { title: text('column.gender'), key: 'gender', render: (_, member) => text(`gender.${member.gender}`) },
    { title: text('column.dateOfBirth'), dataIndex: 'dateOfBirth', key: 'dateOfBirth' },
  ];
  const rejectedColumns: TableColumnsType<GroupRejectedRow> = [
    { title: text('column.row'), dataIndex: 'row', key: 'row', width: 72 },
    { title: text('column.name'), key: 'name', render: (_, row) => orBlank(row.name) },
    { title: text('column.phone'), key: 'phone', render: (_, row) => orBlank(row.phone) },
    {
      title: text('column.reasons'),
      key: 'reasons',
      // Each reason names a value: on a phone the column keeps a readable width and the table scrolls sideways.
      render: (_, row) => (
        <ul style={{ margin: 0, paddingInlineStart: 18, minWidth: 240 }}>
          {rejectionTexts(intl, row).map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ),
    },
  ];

  return (
    <>
      <p style={{ marginBottom: 4 }}>{text('upload.file', { name: upload.fileName })}</p>
      <p>
        <strong>{text('upload.total', { n: upload.totalParticipants })}</strong>
      </p>
      <RowsTable<GroupMember>
        id="group-accepted"
        heading={text('upload.accepted', { n: upload.accepted.length })}
        columns={acceptedColumns}
        dataSource={upload.accepted}
        locale={{ emptyText: text('upload.noneAccepted') }}
      />
      {upload.rejected.length ? (
        <RowsTable<GroupRejectedRow>
          id="group-rejected"
          heading={text('upload.rejected')}
          marginTop={24}
          columns={rejectedColumns}
          dataSource={upload.rejected}
        />
      ) : null}
    </>
  );
}
