import { Card, Descriptions, Flex, theme } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import type { ReactNode } from 'react';
import { useIntl } from '@/intl';
import type { ResultView } from '../../../../contract/booking';
import { formatInZone, pickText } from '../../../../contract/format';

/** The public page anyone shown the certificate can check its number on. */
export function verifyUrl(certificateNumber: string): string {
  return `${window.location.origin}/verify?${new URLSearchParams({ number: certificateNumber })}`;
}

interface Props {
  result: ResultView & { certificateNumber: string };
  candidateName: string;
  /** Print and Back, hidden in print. */
  actions: ReactNode;
}

/** A pass certificate as it prints (a `.print-sheet`, see PrintStyle): who passed what, when, its number and a QR to verify it. */
export default function Certificate({ result, candidateName, actions }: Props) {
  const intl = useIntl();
  const { locale } = intl;
  const { token } = theme.useToken();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.result.certificate.${id}` }, values);
  const { exam, certificateNumber } = result;
  const url = verifyUrl(certificateNumber);
  return (
    <Card className="print-sheet" extra={actions}>
      <Flex vertical align="center" gap={8} style={{ textAlign: 'center', paddingBlock: 16 }}>
        <h1 style={{ fontSize: 32, margin: 0, letterSpacing: 2 }}>{text('title')}</h1>
        <p style={{ margin: '16px 0 0' }}>{text('certifies')}</p>
        <p style={{ margin: 0, fontSize: 28, fontWeight: 600 }}>{candidateName}</p>
        <p style={{ margin: 0 }}>{text('passed')}</p>
        <p style={{ margin: 0, fontSize: 22, fontWeight: 600 }}>
          {pickText(exam.name, locale)} ({exam.code})
        </p>
      </Flex>
      <Flex gap={24} wrap justify="space-between" align="flex-end" style={{ marginTop: 24 }}>
        <Descriptions column={1} size="small" style={{ flex: '1 1 280px' }}>
          <Descriptions.Item label={text('date')}>
            {formatInZone(exam.startsAt, exam.timeZone, 'YYYY-MM-DD')}
          </Descriptions.Item>
          <Descriptions.Item label={text('number')}>
            <span style={{ fontFamily: token.fontFamilyCode, fontSize: 16 }}>{certificateNumber}</span>
          </Descriptions.Item>
          {result.publishedAt ? (
            <Descriptions.Item label={text('issued')}>
              {formatInZone(result.publishedAt, exam.timeZone, 'YYYY-MM-DD')}
            </Descriptions.Item>
          ) : null}
        </Descriptions>
        <Flex vertical align="center" gap={4} style={{ maxWidth: 220 }}>
          <QRCodeSVG
            value={url}
            size={140}
            level="M"
            marginSize={2}
            bgColor="#ffffff"
            fgColor="#000000"
            role="img"
            aria-label={text('qrLabel', { number: certificateNumber })}
            title={text('qrLabel', { number: certificateNumber })}
          />
          <small style={{ textAlign: 'center', overflowWrap: 'anywhere' }}>{text('verifyAt', { url })}</small>
        </Flex>
      </Flex>
    </Card>
  );
}
