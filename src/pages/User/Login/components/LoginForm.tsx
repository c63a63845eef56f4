import { history, useModel, useSearchParams } from '@umijs/max';
import { Button, Input, Radio } from 'antd';
import { type FormEvent, useState } from 'react';
import { flushSync } from 'react-dom';
import Field, { errorIdOf, LABEL_STYLE } from '@/components/Field';
import { getLocale, useIntl } from '@/intl';
import { currentUser, login } from '@/services/auth';
import { shareNotificationLocale } from '@/services/notifications';
import { opsLogin } from '@/services/ops';
import { feedback } from '@/utils/feedback';
import { OPS_HOME_PATH, safeRedirect } from '@/utils/guard';
import { isMainlandMobile } from '@/utils/phone';
import { saveSession } from '@/utils/session';
import defaultSettings from '../../../../../config/defaultSettings';
import type { UserKind } from '../../../../../contract/auth';
import CodeField, { CODE_INPUT_ID } from './CodeField';
import type { LoginValues } from './loginValues';

const KINDS: UserKind[] = ['individual', 'testCenter', 'examiner'];

const PHONE_INPUT_ID = 'login_phone';

type Errors = Partial<Record<'phone' | 'code', string>>;

/**
 * Kind, phone and one-time code; the first login of a phone for a kind creates the account. An operator's form
 * (/ops/login) has no kind and creates nothing: only a phone that is an operator logs in. A field says what is wrong
 * with it when it is left, when the form is sent (the focus then goes to the first such field), and, once it has
 * said so, again as it is corrected.
 */
export default function LoginForm({ operator = false }: { operator?: boolean }) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id });
  const { setInitialState } = useModel('@@initialState');
  const [submitting, setSubmitting] = useState(false);
  const [searchParams] = useSearchParams();
  const [values, setValues] = useState<LoginValues>({ kind: 'individual', phone: '', code: '' });
  const [errors, setErrors] = useState<Errors>({});

  const check = {
    phone: (phone: string) => (isMainlandMobile(phone) ? undefined : text('pages.login.phone.invalid')),
    code: (code: string) => {
      if (!code.trim()) return text('pages.login.code.required');
      return /^\s*\d{6}\s*$/.test(code) ? undefined : text('pages.login.code.format');
    },
  };
  const change = (field: 'phone' | 'code', value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: check[field](value) }));
  };
  const leave = (field: 'phone' | 'code') => {
    if (values[field]) setErrors((current) => ({ ...current, [field]: check[field](values[field]) }));
  };
  /** The phone (and kind) a code may be sent for, or undefined after saying why not under the phone. */
  const codeRequest = () => {
    const phone = check.phone(values.phone);
    setErrors((current) => ({ ...current, phone }));
    if (!phone) return { kind: values.kind, phone: values.phone };
    document.getElementById(PHONE_INPUT_ID)?.focus();
    return undefined;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Errors = { phone: check.phone(values.phone), code: check.code(values.code) };
    setErrors(found);
    if (found.phone || found.code) {
      document.getElementById(found.phone ? PHONE_INPUT_ID : CODE_INPUT_ID)?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const credentials = { phone: values.phone, code: values.code.trim() };
      const session = operator
        ? { ...(await opsLogin(credentials)), created: false }
        : await login({ ...credentials, kind: values.kind });
      saveSession(session.access_token, session.type);
      const user = await currentUser();
      // Notifications are written in the language the candidate uses the app in (sent, never waited for).
      if (user.kind === 'individual') shareNotificationLocale(getLocale());
      // The page guard reads initialState on the next page change, so it must hold the user before we navigate.
      flushSync(() => setInitialState((state) => ({ settings: defaultSettings, ...state, currentUser: user })));
      feedback.message.success(text(session.created ? 'pages.login.created' : 'pages.login.welcome'));
      const fallback = operator ? OPS_HOME_PATH : undefined;
      history.replace(safeRedirect(searchParams.get('redirect'), window.location.origin, fallback));
    } catch {
      // The request error handler has already shown the localized reason (OTP_INVALID, OTP_EXPIRED, ...).
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form name="login" noValidate onSubmit={submit}>
      {operator ? null : (
        <fieldset style={{ border: 0, margin: '0 0 24px', padding: 0, minWidth: 0 }}>
          <legend style={{ ...LABEL_STYLE, margin: 0 }}>{text('pages.login.kind')}</legend>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            style={{ display: 'flex' }}
            value={values.kind}
            onChange={(event) => setValues((current) => ({ ...current, kind: event.target.value }))}
            options={KINDS.map((kind) => ({
              value: kind,
              label: text(`pages.login.kind.${kind}`),
              style: { flex: 1, textAlign: 'center' },
            }))}
          />
        </fieldset>
      )}
      <Field id={PHONE_INPUT_ID} label={text('pages.login.phone')} error={errors.phone}>
        <Input
          id={PHONE_INPUT_ID}
          size="large"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={text('pages.login.phone.placeholder')}
          value={values.phone}
          status={errors.phone ? 'error' : undefined}
          aria-invalid={Boolean(errors.phone)}
          aria-describedby={errors.phone ? errorIdOf(PHONE_INPUT_ID) : undefined}
          onChange={(event) => change('phone', event.target.value)}
          onBlur={() => leave('phone')}
        />
      </Field>
      <CodeField
        operator={operator}
        code={values.code}
        error={errors.code}
        onChange={(code) => change('code', code)}
        onBlur={() => leave('code')}
        codeRequest={codeRequest}
      />
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {text('pages.login.submit')}
      </Button>
    </form>
  );
}
