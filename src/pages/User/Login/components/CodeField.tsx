import { useCountDown } from 'ahooks';
import { Button, Input, Space } from 'antd';
import { useState } from 'react';
import Field, { errorIdOf } from '@/components/Field';
import { useIntl } from '@/intl';
import { sendOtp } from '@/services/auth';
import { opsSendOtp } from '@/services/ops';
import { envelopeOf } from '@/utils/bizError';
import { feedback } from '@/utils/feedback';
import type { LoginValues } from './loginValues';

export const CODE_INPUT_ID = 'login_code';

/** The wait an OTP_TOO_SOON answer names in its details (`retryAfterSeconds`), or undefined for any other failure. */
function retryAfterSeconds(error: unknown): number | undefined {
  const envelope = envelopeOf(error);
  if (envelope?.errorCode !== 'OTP_TOO_SOON') return undefined;
  const seconds = Number(envelope.details?.find((detail) => detail.path === 'retryAfterSeconds')?.message);
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

interface CodeFieldProps {
  operator?: boolean;
  code: string;
  error?: string;
  onChange: (code: string) => void;
  onBlur: () => void;
  /** The phone (and kind) to send a code for, or undefined when the form has said why it cannot be sent. */
  codeRequest: () => Pick<LoginValues, 'kind' | 'phone'> | undefined;
}

/**
 * The code input and its Send code button, which counts down for as long as the server asks us to wait. An operator's
 * code is asked for by phone alone.
 */
export default function CodeField({ operator = false, code, error, onChange, onBlur, codeRequest }: CodeFieldProps) {
  const intl = useIntl();
  const [sending, setSending] = useState(false);
  const [resendAt, setResendAt] = useState<number>();
  const [leftMs] = useCountDown({ targetDate: resendAt });
  const seconds = Math.ceil(leftMs / 1000);

  const send = async () => {
    // An invalid phone is said under its field (and focused); nothing is sent then.
    const valid = codeRequest();
    if (!valid) return;
    setSending(true);
    try {
      const sent = operator ? await opsSendOtp({ phone: valid.phone }) : await sendOtp(valid);
      setResendAt(Date.now() + sent.resendAfterSeconds * 1000);
      feedback.message.success(
        intl.formatMessage(
          { id: 'pages.login.codeSent' },
          { phone: sent.sentTo, minutes: Math.round(sent.expiresInSeconds / 60) },
        ),
      );
    } catch (error) {
      // The request error handler has already shown the localized reason (OTP_TOO_SOON, PHONE_INVALID, ...); a code
      // sent moments ago (from another tab, or before a reload) still makes the button wait as long as the server says.
      const wait = retryAfterSeconds(error);
      if (wait) setResendAt(Date.now() + wait * 1000);
    } finally {
      setSending(false);
    }
  };

  return (
    <Field id={CODE_INPUT_ID} label={intl.formatMessage({ id: 'pages.login.code' })} error={error}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={CODE_INPUT_ID}
          size="large"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={intl.formatMessage({ id: 'pages.login.code.placeholder' })}
          value={code}
          status={error ? 'error' : undefined}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorIdOf(CODE_INPUT_ID) : undefined}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
        />
        <Button size="large" onClick={send} loading={sending} disabled={seconds > 0}>
          {seconds > 0
            ? intl.formatMessage({ id: 'pages.login.resendIn' }, { seconds })
            : intl.formatMessage({ id: 'pages.login.sendCode' })}
        </Button>
      </Space.Compact>
    </Field>
  );
}
