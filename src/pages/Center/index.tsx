import type { ActionType } from '@ant-design/pro-components';
import { Link } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Alert, Button } from 'antd';
import { useRef, useState } from 'react';
import { withPageTexts } from '@/components/PageTexts';
import { STATUS_TEXTS } from '@/components/StatusTag';
import { useIntl } from '@/intl';
import enCenter from '@/locales/en-US/center';
import zhCenter from '@/locales/zh-CN/center';
import { centerProfile } from '@/services/center';
import type { CenterExam } from '../../../contract/center';
import ExamFormModal from './components/ExamFormModal';
import ExamTable from './components/ExamTable';
import RoomsCard from './components/RoomsCard';
import { useCancelExam } from './components/useCancelExam';
import VerificationNotice from './components/VerificationNotice';

const PROFILE_LINK = `/home/profile?redirect=${encodeURIComponent('/home/center')}`;

/**
 * The test center console: the center's exams, creating, editing and cancelling them, and its rooms. Exams need a complete center
 * profile (its capacity bounds theirs), so an incomplete one is said first, with the way to it.
 */
function CenterConsole() {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.center.console.${id}` });
  const profile = useRequest(() => centerProfile());
  const table = useRef<ActionType>();
  const [editing, setEditing] = useState<CenterExam | 'new' | null>(null);
  const cancel = useCancelExam(() => table.current?.reload());
  const complete = profile.data?.complete ?? false;

  return (
    <div style={{ maxWidth: 1200, margin: '16px auto' }}>
      <h1 style={{ fontSize: 20 }}>{text('title')}</h1>
      <VerificationNotice verification={profile.data?.verification} />
      {profile.data && !complete ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={text('incomplete')}
          description={<Link to={PROFILE_LINK}>{text('incomplete.link')}</Link>}
        />
      ) : null}
      <ExamTable
        actionRef={table}
        headingId="center-exams"
        title={
          <h2 id="center-exams" style={{ margin: 0, fontSize: 18 }}>
            {text('exams')}
          </h2>
        }
        toolbar={
          <Button key="create" type="primary" disabled={!complete} onClick={() => setEditing('new')}>
            {text('create')}
          </Button>
        }
        onEdit={setEditing}
        onCancel={cancel.confirm}
      />
      {editing && profile.data ? (
        <ExamFormModal
          exam={editing === 'new' ? null : editing}
          centerCapacity={profile.data.capacity}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            table.current?.reload();
          }}
        />
      ) : null}
      <RoomsCard disabled={!profile.data} />
      {cancel.dialogs}
    </div>
  );
}

export default withPageTexts(CenterConsole, { 'en-US': enCenter, 'zh-CN': zhCenter }, STATUS_TEXTS);
