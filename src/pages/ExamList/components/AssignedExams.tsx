import { ScanOutlined } from '@ant-design/icons';
import { history } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Card, List } from 'antd';
import { useIntl } from '@/intl';
import { examinerExams } from '@/services/examiner';
import { formatInZone, pickText, zoneLabel } from '../../../../contract/format';

const scanUrl = (examId: string) => `/home/examiner/scan?${new URLSearchParams({ examId })}`;

/** An examiner's exams, soonest first, each with how the door is going and the button that opens the scan page. */
export default function AssignedExams() {
  const intl = useIntl();
  const { locale } = intl;
  const text = (id: string, values?: Record<string, number>) => intl.formatMessage({ id }, values);
  const { data, loading } = useRequest(() => examinerExams());
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{text('pages.examiner.exams.title')}</h2>}>
      <List
        loading={loading}
        dataSource={data ?? []}
        locale={{ emptyText: text('pages.examiner.exams.empty') }}
        renderItem={(exam) => (
          <List.Item
            extra={
              <Button
                type="primary"
                size="large"
                icon={<ScanOutlined aria-hidden="true" />}
                onClick={() => history.push(scanUrl(exam.id))}
              >
                {text('pages.examiner.exams.qrCode')}
              </Button>
            }
          >
            <List.Item.Meta
              title={pickText(exam.name, locale)}
              description={
                <>
                  {formatInZone(exam.startsAt, exam.timeZone)} {zoneLabel(exam.startsAt, exam.timeZone, locale)}
                  <br />
                  {pickText(exam.center.name, locale)}
                  <br />
                  {text('pages.examiner.exams.checkedIn')}:{' '}
                  {text('pages.examiner.exams.progress', { checkedIn: exam.checkedIn, expected: exam.expected })}
                </>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
