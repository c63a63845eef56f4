import { Button, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { useFailure } from '@/hooks/useFailure';
import { useIntl } from '@/intl';
import { findCandidates } from '@/services/ops';
import { handledHere } from '@/utils/failure';
import type { OpsCandidate } from '../../../../../contract/ops';

type LookupBy = 'phone' | 'idNumber';
interface LookupValues {
  by: LookupBy;
  value: string;
}

/** Looks a candidate up by login phone or ID number (whole): the server matches exactly one of them. */
export default function CandidateSearch({ onFound }: { onFound: (candidates: OpsCandidate[]) => void }) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.ops.support.search.${id}` });
  const failure = useFailure();
  const [form] = Form.useForm<LookupValues>();
  const by = Form.useWatch('by', form) ?? 'phone';
  const [searching, setSearching] = useState(false);

  const lookUp = async ({ by: field, value }: LookupValues) => {
    setSearching(true);
    try {
      onFound(await findCandidates({ [field]: value.trim() }, handledHere));
    } catch (error) {
      const map = {
        codes: { PHONE_INVALID: 'value' as const },
        paths: { phone: 'value' as const, idNumber: 'value' as const },
        invalid: { value: `pages.ops.support.search.${field}.invalid` },
      };
      if (!failure.onFields(form, error, map)) failure.show(error);
    } finally {
      setSearching(false);
    }
  };

  return (
    <Form<LookupValues>
      form={form}
      name="candidateLookup"
      layout="inline"
      initialValues={{ by: 'phone', value: '' }}
      onFinish={lookUp}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      <Form.Item name="by" label={text('by')}>
        <Radio.Group
          optionType="button"
          options={[
            { value: 'phone', label: text('by.phone') },
            { value: 'idNumber', label: text('by.idNumber') },
          ]}
          onChange={() => form.setFields([{ name: 'value', errors: [] }])}
        />
      </Form.Item>
      <Form.Item
        name="value"
        label={text(by)}
        rules={[{ required: true, whitespace: true, message: text(`${by}.required`) }]}
      >
        <Input
          autoComplete="off"
          maxLength={by === 'phone' ? 32 : 18}
          inputMode={by === 'phone' ? 'tel' : 'text'}
          style={{ width: 240 }}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={searching}>
          {text('submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
