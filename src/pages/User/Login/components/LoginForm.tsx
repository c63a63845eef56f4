import { history, useModel, useSearchParams } from '@umijs/max';
import { Button, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { flushSync } from 'react-dom';
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
import CodeField from './CodeField';
import type { LoginValues } from './loginValues';

const KINDS: UserKind[] = ['individual', 'testCenter', 'examiner'];

/**
 * Kind, phone and one-time code; the first login of a phone for a kind creates the account. An operator's form
 * (/ops/login) has no kind and creates nothing: only a phone that is an operator logs in.
 */
export default function LoginForm({ operator = false }: { operator?: boolean }) {
  const intl = useIntl();
  const [form] = Form.useForm<LoginValues>();
  const { setInitialState } = useModel('@@initialState');
  const [submitting, setSubmitting] = useState(false);
  const [searchParams] = useSearchParams();
  const invalidPhone = intl.formatMessage({ id: 'pages.login.phone.invalid' });

  const submit = async (values: LoginValues) => {
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
      feedback.message.success(
        intl.formatMessage({ id: session.created ? 'pages.login.created' : 'pages.login.welcome' }),
      );
      const fallback = operator ? OPS_HOME_PATH : undefined;
      history.replace(safeRedirect(searchParams.get('redirect'), window.location.origin, fallback));
    } catch {
      // The request error handler has already shown the localized reason (OTP_INVALID, OTP_EXPIRED, ...).
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<LoginValues>
      form={form}
      name="login"
      layout="vertical"
      requiredMark={false}
      initialValues={{ kind: 'individual' }}
      onFinish={submit}
    >
      {operator ? null : (
        <Form.Item name="kind" label={intl.formatMessage({ id: 'pages.login.kind' })}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            style={{ display: 'flex' }}
            options={KINDS.map((kind) => ({
              value: kind,
              label: intl.formatMessage({ id: `pages.login.kind.${kind}` }),
              style: { flex: 1, textAlign: 'center' },
            }))}
          />
        </Form.Item>
      )}
      <Form.Item
        name="phone"
        label={intl.formatMessage({ id: 'pages.login.phone' })}
        rules={[
          {
            validator: (_, value: string | undefined) =>
              value && isMainlandMobile(value) ? Promise.resolve() : Promise.reject(new Error(invalidPhone)),
          },
        ]}
      >
        <Input
          size="large"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={intl.formatMessage({ id: 'pages.login.phone.placeholder' })}
        />
      </Form.Item>
      <CodeField form={form} operator={operator} />
      <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
        {intl.formatMessage({ id: 'pages.login.submit' })}
      </Button>
    </Form>
  );
}
