import { Link, useModel } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Empty, Flex, Spin } from 'antd';
import { useIntl } from '@/intl';
import { ticket } from '@/services/booking';
import { handledHere } from '@/utils/failure';
import type { ResultView } from '../../../../contract/booking';
import Certificate from './Certificate';

/** The candidate's name as their account has it, else as their ticket printed it. */
function useCandidateName(registrationId: string): string | undefined {
  const { initialState } = useModel('@@initialState');
  const accountName = initialState?.currentUser?.name ?? '';
  const { data } = useRequest(() => ticket(registrationId, handledHere), {
    ready: !accountName,
    refreshDeps: [registrationId],
  });
  return accountName || data?.candidate.name;
}

/** `?certificate=<registrationId>`: one pass certificate, ready to print. */
export default function CertificateView({
  results,
  registrationId,
}: {
  results: ResultView[];
  registrationId: string;
}) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.result.certificate.${id}` });
  const candidateName = useCandidateName(registrationId);
  const result = results.find((item) => item.registrationId === registrationId);
  const back = <Link to="/home/result">{text('back')}</Link>;
  if (result?.outcome !== 'pass' || !result.certificateNumber) {
    return <Empty description={text('notFound')}>{back}</Empty>;
  }
  if (candidateName === undefined) return <Spin />;
  return (
    <Certificate
      result={{ ...result, certificateNumber: result.certificateNumber }}
      candidateName={candidateName}
      actions={
        <Flex className="no-print" gap={12} align="center">
          {back}
          <Button type="primary" onClick={() => window.print()}>
            {text('print')}
          </Button>
        </Flex>
      }
    />
  );
}
