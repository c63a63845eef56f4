import { useIntl } from '@umijs/max';
import { Button, Card, Flex, Input, List, theme } from 'antd';
import { useId, useState } from 'react';
import { RegistrationStatusTag } from '@/components/StatusTag';
import { lookupCandidates } from '@/services/examiner';
import { formatInZone } from '@/utils/format';
import { showError } from '@/utils/showError';
import type { CheckinCandidate, ExaminerExam } from '../../../../../contract/examiner';
import CandidateFace from './CandidateFace';

/** The shortest query the server takes (contract/examiner.ts candidateLookupQuery). */
const MIN_QUERY = 4;

interface Props {
  exam: ExaminerExam;
  /** False while a scan or another check-in is under way. */
  ready: boolean;
  onCheckIn: (candidate: CheckinCandidate) => Promise<void>;
}

/** When a ticket will not scan (or there is no camera): find the candidate by phone or ID number and check them in. */
export default function ManualLookup({ exam, ready, onCheckIn }: Props) {
  const intl = useIntl();
  const { token } = theme.useToken();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.examiner.lookup.${id}` }, values);
  const inputId = useId();
  const hintId = useId();
  const [query, setQuery] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const [found, setFound] = useState<CheckinCandidate[]>();
  const [searching, setSearching] = useState(false);

  const search = async (value = query) => {
    const q = value.trim();
    setTooShort(q.length < MIN_QUERY);
    if (q.length < MIN_QUERY) return;
    setSearching(true);
    try {
      setFound(await lookupCandidates(exam.id, { q }, { skipErrorHandler: true }));
    } catch (error) {
      showError(error);
    } finally {
      setSearching(false);
    }
  };

  const checkIn = async (candidate: CheckinCandidate) => {
    await onCheckIn(candidate);
    await search();
  };

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 18 }}>{text('title')}</h2>}>
      <label htmlFor={inputId} style={{ display: 'block', marginBottom: 8 }}>
        {text('label')}
      </label>
      <Input.Search
        id={inputId}
        size="large"
        inputMode="text"
        autoComplete="off"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onSearch={(value) => search(value)}
        enterButton={text('search')}
        loading={searching}
        status={tooShort ? 'error' : undefined}
        aria-invalid={tooShort}
        aria-describedby={tooShort ? hintId : undefined}
      />
      {tooShort ? (
        <p id={hintId} role="alert" style={{ color: token.colorError, margin: '8px 0 0' }}>
          {text('tooShort', { n: String(MIN_QUERY) })}
        </p>
      ) : null}
      {found ? (
        <List
          style={{ marginTop: 16 }}
          dataSource={found}
          locale={{ emptyText: text('empty') }}
          renderItem={(candidate) => (
            <List.Item>
              <Flex vertical gap={8} style={{ width: '100%' }}>
                <CandidateFace candidate={candidate} size={48} />
                <Flex gap={12} align="center" wrap>
                  <RegistrationStatusTag status={candidate.status} />
                  {candidate.checkedInAt ? (
                    <span>
                      {text('checkedInAt', { time: formatInZone(candidate.checkedInAt, exam.timeZone, 'HH:mm') })}
                    </span>
                  ) : candidate.status === 'register' ? (
                    <Button
                      type="primary"
                      size="large"
                      disabled={!ready}
                      aria-label={text('checkin', { name: candidate.name })}
                      onClick={() => checkIn(candidate)}
                    >
                      {intl.formatMessage({ id: 'pages.examiner.scan.checkin' })}
                    </Button>
                  ) : null}
                </Flex>
              </Flex>
            </List.Item>
          )}
        />
      ) : null}
    </Card>
  );
}
