import { useRequest } from 'ahooks';
import { Col, Form, Input, InputNumber, Modal, Row, Select, type SelectProps, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import DatePicker from '@/components/DatePicker';
import { useFailure } from '@/hooks/useFailure';
import { useIntl } from '@/intl';
import { categories } from '@/services/catalog';
import { createExam, updateExam } from '@/services/center';
import { organizations } from '@/services/profile';
import { handledHere } from '@/utils/failure';
import { feedback } from '@/utils/feedback';
import { namedOptions } from '@/utils/options';
import type { CenterExam } from '../../../../contract/center';
import { DEFAULT_TIME_ZONE, pickText, zoneLabel } from '../../../../contract/format';
import {
  DATE_TIME_FORMAT,
  EXAM_CODE_PATTERN,
  EXAM_FIELD_ERRORS,
  type ExamFormValues,
  toExamDraft,
  toExamFormValues,
  type ValidExamFormValues,
} from '../examForm';

interface ExamFormModalProps {
  /** The exam to edit, or null to create one. */
  exam: CenterExam | null;
  /** The center's capacity: no exam may seat more. */
  centerCapacity: number;
  onClose: () => void;
  onSaved: (exam: CenterExam) => void;
}

/**
 * A required Select: Form.Item hands it aria-required, which antd puts on its wrapper div where the attribute is not
 * allowed (axe: aria-allowed-attr); the label's mark says it is required.
 */
function RequiredSelect({ 'aria-required': _required, ...props }: SelectProps & { 'aria-required'?: boolean }) {
  return <Select {...props} />;
}

const loadChoices = async () => {
  const [categoryList, organizationList] = await Promise.all([categories(handledHere), organizations(handledHere)]);
  return { categoryList, organizationList };
};

/**
 * Create or edit an exam at the center. Times are wall-clock times in the exam's zone; the fee is typed in yuan and
 * sent in fen; the capacity is held to the center's and registration must end before the start, as the server holds.
 */
export default function ExamFormModal({ exam, centerCapacity, onClose, onSaved }: ExamFormModalProps) {
  const intl = useIntl();
  const { locale } = intl;
  const failure = useFailure();
  const [form] = Form.useForm<ExamFormValues>();
  const [saving, setSaving] = useState(false);
  const choices = useRequest(loadChoices);
  const timeZone = exam?.timeZone ?? DEFAULT_TIME_ZONE;
  const text = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `pages.center.exam.${id}` }, values);
  const required = (id: string): Rule => ({ required: true, whitespace: true, message: text(`${id}.required`) });
  const pickerRequired = (id: string): Rule => ({ required: true, message: text(`${id}.required`) });

  const submit = async (values: ValidExamFormValues) => {
    setSaving(true);
    try {
      const draft = toExamDraft(values, timeZone);
      const saved = exam ? await updateExam(exam.id, draft, handledHere) : await createExam(draft, handledHere);
      feedback.message.success(text(exam ? 'updated' : 'created', { name: pickText(saved.name, locale) }));
      onSaved(saved);
    } catch (error) {
      if (!failure.onFields(form, error, EXAM_FIELD_ERRORS, { capacity: centerCapacity })) failure.show(error);
    } finally {
      setSaving(false);
    }
  };

  const endsBeforeStart: Rule = ({ getFieldValue }) => ({
    validator: (_, value: Dayjs | undefined) => {
      const startsAt: Dayjs | undefined = getFieldValue('startsAt');
      return !value || !startsAt || value.isBefore(startsAt)
        ? Promise.resolve()
        : Promise.reject(new Error(intl.formatMessage({ id: 'errors.REGISTRATION_ENDS_AFTER_START' })));
    },
  });
  const opensBeforeEnd: Rule = ({ getFieldValue }) => ({
    validator: (_, value: Dayjs | null | undefined) => {
      const endsAt: Dayjs | undefined = getFieldValue('registrationEndsAt');
      return !value || !endsAt || value.isBefore(endsAt)
        ? Promise.resolve()
        : Promise.reject(new Error(intl.formatMessage({ id: 'errors.REGISTRATION_OPENS_AFTER_END' })));
    },
  });
  const zone = `${timeZone} (${zoneLabel(new Date().toISOString(), timeZone, locale)})`;

  return (
    <Modal
      open
      title={text(exam ? 'editTitle' : 'createTitle')}
      okText={text(exam ? 'save' : 'create')}
      cancelText={text('close')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={760}
      destroyOnHidden
      maskClosable={false}
    >
      <Form<ExamFormValues>
        form={form}
        name="exam"
        layout="vertical"
        initialValues={exam ? toExamFormValues(exam) : { arrivalLeadMinutes: 30, waitingRoom: false }}
        onFinish={(values) => submit(values as ValidExamFormValues)}
      >
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="code"
              label={text('code')}
              extra={text('code.help')}
              normalize={(value: string) => value.toUpperCase()}
              rules={[required('code'), { pattern: EXAM_CODE_PATTERN, message: text('code.invalid') }]}
            >
              <Input maxLength={63} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="categoryId" label={text('category')} rules={[pickerRequired('category')]}>
              <RequiredSelect
                loading={choices.loading}
                options={namedOptions(choices.data?.categoryList, (category) => category.id, locale)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="nameZh" label={text('nameZh')} rules={[required('nameZh')]}>
              <Input maxLength={100} lang="zh-CN" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="nameEn" label={text('nameEn')} rules={[required('nameEn')]}>
              <Input maxLength={100} lang="en" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="locationZh" label={text('locationZh')} rules={[required('locationZh')]}>
              <Input maxLength={200} lang="zh-CN" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="locationEn" label={text('locationEn')} rules={[required('locationEn')]}>
              <Input maxLength={200} lang="en" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="startsAt"
              label={text('startsAt')}
              extra={text('zone', { zone })}
              rules={[pickerRequired('startsAt')]}
            >
              <DatePicker showTime format={DATE_TIME_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="registrationEndsAt"
              label={text('registrationEndsAt')}
              extra={text('registrationEndsAt.help')}
              dependencies={['startsAt']}
              rules={[pickerRequired('registrationEndsAt'), endsBeforeStart]}
            >
              <DatePicker showTime format={DATE_TIME_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="registrationOpensAt"
              label={`${text('registrationOpensAt')} ${text('optional')}`}
              extra={text('registrationOpensAt.help')}
              dependencies={['registrationEndsAt']}
              rules={[opensBeforeEnd]}
            >
              <DatePicker showTime format={DATE_TIME_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="waitingRoom"
              label={text('waitingRoom')}
              extra={text('waitingRoom.help')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="feeYuan"
              label={text('fee')}
              rules={[
                { required: true, message: text('fee.required') },
                { type: 'number', min: 0, max: 100_000, message: text('fee.range') },
              ]}
            >
              <InputNumber min={0} max={100_000} precision={2} step={10} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="capacity"
              label={text('capacity')}
              extra={text('capacity.help', { capacity: centerCapacity })}
              rules={[
                { required: true, message: text('capacity.required') },
                {
                  type: 'integer',
                  min: 1,
                  max: centerCapacity,
                  message: text('capacity.range', { capacity: centerCapacity }),
                },
              ]}
            >
              <InputNumber min={1} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="arrivalLeadMinutes"
              label={text('arrivalLeadMinutes')}
              rules={[
                { required: true, message: text('arrivalLeadMinutes.range') },
                { type: 'integer', min: 1, max: 240, message: text('arrivalLeadMinutes.range') },
              ]}
            >
              <InputNumber min={1} max={240} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="organizationId" label={`${text('organization')} ${text('optional')}`}>
              <Select
                allowClear
                loading={choices.loading}
                options={namedOptions(choices.data?.organizationList, (organization) => organization.id, locale)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="accessCode"
              label={`${text('accessCode')} ${text('optional')}`}
              extra={text('accessCode.help')}
            >
              <Input maxLength={64} autoComplete="off" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
