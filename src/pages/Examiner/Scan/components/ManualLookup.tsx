import { Button, Card, Flex, Input, List, theme } from 'antd';
import { useId, useState } from 'react';
import { RegistrationStatusTag } from '@/components/StatusTag';
import { useIntl } from '@/intl';
import { lookupCandidates } from '@/services/examiner';
import type { CheckinCandidate, ExaminerExam } from '../../../../../contract/examiner';
import { formatInZone } from '../../../../../contract/format';
import { isValidIdCard } from '../../../../../contract/idcard';
import { chinaMobileToE164 } from '../../../../../contract/phone';
import CandidateFace from './CandidateFace';

/** What the server looks up: a whole mainland mobile number or a whole ID card number (server/domain/checkin.ts). */
const isLookupKey = (q: string) => Boolean(chinaMobileToE164(q)) || isValidIdCard(q.toUpperCase());

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
  const [invalid, setInvalid] = useState(false);
  const [found, setFound] = useState<CheckinCandidate[]>();
  const [searching, setSearching] = useState(false);

  const search = async (value = query) => {
    const q = value.trim();
    setInvalid(!isLookupKey(q));
    if (!isLookupKey(q)) return;
    setSearching(true);
    try {
      setFound(await lookupCandidates(exam.id, { q }));
    } catch {
      // The app has shown why.
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
        status={invalid ? 'error' : undefined}
        aria-invalid={invalid}
        aria-describedby={invalid ? hintId : undefined}
      />
      {invalid ? (
        <p id={hintId} role="alert" style={{ color: token.colorError, margin: '8px 0 0' }}>
          {text('invalid')}
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
