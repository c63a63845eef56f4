import { useModel } from '@umijs/max';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import ExamFacts from '@/components/ExamFacts';
import { useFailure } from '@/hooks/useFailure';
import { useIntl } from '@/intl';
import { createGroup } from '@/services/group';
import { type FieldErrorMap, handledHere } from '@/utils/failure';
import { isMainlandMobile } from '@/utils/phone';
import type { ExamSummary } from '../../../../contract/catalog';
import type { GroupView } from '../../../../contract/group';
import { rememberCoordinator, rememberedCoordinator } from '../coordinatorMemory';
import { nationalPhone } from '../groupFile';
import { StepHeading } from './GroupSteps';

interface InfoValues {
  name: string;
  phone: string;
  organization: string;
  accessCode?: string;
}

interface Props {
  exam: ExamSummary;
  /** The group made by an earlier Next, reused while the information is unchanged. */
  group: GroupView | null;
  onGroup: (group: GroupView) => void;
}

/** Where a refusal of Next lands: the coordinator's fields by their paths (in the request or its coordinator). */
const INFO_FIELD_ERRORS: FieldErrorMap<keyof InfoValues> = {
  paths: {
    name: 'name',
    phone: 'phone',
    organization: 'organization',
    accessCode: 'accessCode',
    'coordinator.name': 'name',
    'coordinator.phone': 'phone',
    'coordinator.organization': 'organization',
  },
  codes: { ACCESS_CODE_INVALID: 'accessCode', PHONE_INVALID: 'phone' },
};

/** Step "Your Information": the exam, and who coordinates the group. Next creates the group. */
export default function InfoStep({ exam, group, onGroup }: Props) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id });
  const failure = useFailure();
  const { initialState } = useModel('@@initialState');
  const [form] = Form.useForm<InfoValues>();
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const user = initialState?.currentUser;
  // This group's coordinator; else who coordinated this account's last group; else the account itself.
  const initial = group?.coordinator ??
    (user && rememberedCoordinator(user.id)) ?? { name: user?.name ?? '', phone: user?.phone ?? '', organization: '' };

  const unchanged = (values: InfoValues) =>
    group !== null &&
    values.name.trim() === group.coordinator.name &&
    nationalPhone(values.phone.replace(/[\s\-.()]/g, '')) === nationalPhone(group.coordinator.phone) &&
    values.organization.trim() === group.coordinator.organization;

  const next = async (values: InfoValues) => {
    if (group && unchanged(values)) {
      onGroup(group);
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      const accessCode = values.accessCode?.trim() || undefined;
      const coordinator = { name: values.name, phone: values.phone, organization: values.organization };
      const made = await createGroup({ examId: exam.id, coordinator, accessCode }, handledHere);
      if (user) rememberCoordinator(user.id, made.coordinator);
      onGroup(made);
    } catch (error) {
      if (!failure.onFields(form, error, INFO_FIELD_ERRORS)) setProblem(failure.text(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby="group-step-info">
      <StepHeading step="info" />
      <p>{text('pages.gRegistration.info.intro')}</p>
      <ExamFacts exam={exam} />
      <Form<InfoValues>
        form={form}
        layout="vertical"
        onFinish={next}
        style={{ maxWidth: 420 }}
        initialValues={{ ...initial, phone: nationalPhone(initial.phone) }}
      >
        <Form.Item
          name="name"
          label={text('pages.gRegistration.info.name')}
          rules={[{ required: true, whitespace: true, message: text('pages.gRegistration.info.name.required') }]}
        >
          <Input autoComplete="name" maxLength={50} />
        </Form.Item>
        <Form.Item
          name="phone"
          label={text('pages.gRegistration.info.phone')}
          rules={[
            {
              validator: (_, value: string | undefined) =>
                value && isMainlandMobile(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(text('errors.PHONE_INVALID'))),
            },
          ]}
        >
          <Input type="tel" inputMode="tel" autoComplete="tel" />
        </Form.Item>
        <Form.Item
          name="organization"
          label={text('pages.gRegistration.info.organization')}
          rules={[
            { required: true, whitespace: true, message: text('pages.gRegistration.info.organization.required') },
          ]}
        >
          <Input autoComplete="organization" maxLength={100} />
        </Form.Item>
        {exam.requiresAccessCode ? (
          <Form.Item
            name="accessCode"
            label={text('pages.checkout.accessCode')}
            extra={text('pages.checkout.accessCode.help')}
            rules={[{ required: true, whitespace: true, message: text('pages.checkout.accessCode.required') }]}
          >
            <Input autoComplete="off" maxLength={64} />
          </Form.Item>
        ) : null}
        <div aria-live="polite">
          {problem ? <Alert type="error" showIcon message={problem} style={{ marginBottom: 16 }} /> : null}
        </div>
        <Button type="primary" htmlType="submit" loading={saving} disabled={exam.seatsLeft === 0}>
          {text('pages.gRegistration.next')}
        </Button>
      </Form>
    </section>
  );
}
