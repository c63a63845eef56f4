import {
  ModalForm,
  ProFormDateTimeRangePicker,
  ProFormDependency,
  ProFormDigit,
  ProFormRadio,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
} from '@ant-design/pro-components';
import dayjs, { type Dayjs } from 'dayjs';
import { useIntl } from '@/intl';
import { exams } from '@/services/catalog';
import { categories, createPromotion, updatePromotion } from '@/services/ops';
import { feedback } from '@/utils/feedback';
import type { LocalizedText } from '../../../../../contract/common';
import { pickText } from '../../../../../contract/format';

import {
  DISCOUNT_TYPES,
  PROMOTION_KINDS,
  PROMOTION_SCOPES,
  type Promotion,
  type PromotionDraft,
} from '../../../../../contract/ops';

interface PromotionFormValues {
  code: string;
  kind: Promotion['kind'];
  discountType: Promotion['discountType'];
  percentOff?: number;
  amountOffYuan?: number;
  validity: [Dayjs, Dayjs];
  usageCap?: number;
  scope: Promotion['scope'];
  scopeTargetId?: string;
  active: boolean;
}

/** The form's values as the contract's draft: the discount its type names, amounts in fen. */
export function toPromotionDraft(values: PromotionFormValues): PromotionDraft {
  const percent = values.discountType === 'percent';
  return {
    code: values.code,
    kind: values.kind,
    discountType: values.discountType,
    percentOff: percent ? (values.percentOff ?? null) : null,
    amountOffFen: percent ? null : Math.round((values.amountOffYuan ?? 0) * 100),
    validFrom: values.validity[0].toISOString(),
    validUntil: values.validity[1].toISOString(),
    usageCap: values.usageCap ?? null,
    scope: values.scope,
    scopeTargetId: values.scope === 'all' ? null : (values.scopeTargetId ?? null),
    active: values.active,
  };
}

type Choice = { value: string; label: string };

/**
 * The choices for a scope with the code's current target among them: the lists offer only active categories and
 * exams still open, and a code may name one that has retired or closed since.
 */
function withCurrentTarget(choices: Choice[], current: Choice | null): Choice[] {
  if (!current || choices.some((choice) => choice.value === current.value)) return choices;
  return [current, ...choices];
}

function toFormValues(promotion: Promotion): PromotionFormValues {
  return {
    code: promotion.code,
    kind: promotion.kind,
    discountType: promotion.discountType,
    percentOff: promotion.percentOff ?? undefined,
    amountOffYuan: promotion.amountOffFen === null ? undefined : promotion.amountOffFen / 100,
    validity: [dayjs(promotion.validFrom), dayjs(promotion.validUntil)],
    usageCap: promotion.usageCap ?? undefined,
    scope: promotion.scope,
    scopeTargetId: promotion.scopeTarget?.id,
    active: promotion.active,
  };
}

interface PromotionFormModalProps {
  /** The promotion to edit, 'new' for a new one, null when closed. */
  promotion: Promotion | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Adds or changes a promotion or invitation code: discount, validity, usage cap and scope. */
export default function PromotionFormModal({ promotion, onClose, onSaved }: PromotionFormModalProps) {
  const intl = useIntl();
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.ops.catalog.promotion.${id}` }, values);
  const required = (field: string) => ({ required: true, message: text(`${field}.required`) });
  const editing = promotion !== 'new' && promotion !== null ? promotion : null;
  const options = <T extends string>(values: readonly T[], prefix: string) =>
    values.map((value) => ({ value, label: text(`${prefix}.${value}`) }));

  return (
    <ModalForm<PromotionFormValues>
      title={editing ? text('edit.title', { code: editing.code }) : text('add')}
      open={promotion !== null}
      // The validity's instants as the picker holds them (ProForm would turn them into zoneless strings).
      dateFormatter={false}
      initialValues={
        editing ? toFormValues(editing) : { kind: 'promotion', discountType: 'percent', scope: 'all', active: true }
      }
      modalProps={{ destroyOnHidden: true, onCancel: onClose }}
      submitter={{
        searchConfig: { submitText: text('save'), resetText: intl.formatMessage({ id: 'pages.ops.cancel' }) },
      }}
      onFinish={async (values) => {
        const draft = toPromotionDraft(values);
        try {
          if (editing) await updatePromotion(editing.id, draft);
          else await createPromotion(draft);
        } catch {
          // The request error handler has already said why (PROMO_CODE_TAKEN, ...); the form stays open.
          return false;
        }
        feedback.message.success(text('saved', { code: draft.code.toUpperCase() }));
        onSaved();
        return true;
      }}
    >
      <ProFormText
        name="code"
        label={text('code')}
        extra={text(editing ? 'code.fixed' : 'code.help')}
        disabled={editing !== null}
        fieldProps={{ maxLength: 32, autoComplete: 'off' }}
        rules={[required('code'), { pattern: /^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$/, message: text('code.invalid') }]}
      />
      <ProFormRadio.Group
        name="kind"
        label={text('kind')}
        disabled={editing !== null}
        options={options(PROMOTION_KINDS, 'kind')}
      />
      <ProFormRadio.Group
        name="discountType"
        label={text('discountType')}
        options={options(DISCOUNT_TYPES, 'discountType')}
      />
      <ProFormDependency name={['discountType']}>
        {({ discountType }) =>
          discountType === 'percent' ? (
            <ProFormDigit
              name="percentOff"
              label={text('percentOff')}
              min={1}
              max={100}
              fieldProps={{ precision: 0 }}
              rules={[required('percentOff')]}
            />
          ) : (
            <ProFormDigit
              name="amountOffYuan"
              label={text('amountOff')}
              min={0.01}
              max={100_000}
              fieldProps={{ precision: 2 }}
              rules={[required('amountOff')]}
            />
          )
        }
      </ProFormDependency>
      <ProFormDateTimeRangePicker
        name="validity"
        label={text('validity')}
        fieldProps={{ placeholder: [text('validFrom'), text('validUntil')] }}
        rules={[
          required('validity'),
          {
            validator: (_, value?: [Dayjs, Dayjs]) =>
              !value || value[1].isAfter(value[0])
                ? Promise.resolve()
                : Promise.reject(new Error(intl.formatMessage({ id: 'errors.PROMOTION_WINDOW_INVALID' }))),
          },
        ]}
      />
      <ProFormDigit
        name="usageCap"
        label={text('usageCap')}
        extra={text('usageCap.help')}
        min={1}
        max={1_000_000}
        fieldProps={{ precision: 0 }}
      />
      <ProFormRadio.Group name="scope" label={text('scope')} options={options(PROMOTION_SCOPES, 'scope')} />
      <ProFormDependency name={['scope']}>
        {({ scope }) =>
          scope === 'category' ? (
            <ProFormSelect
              name="scopeTargetId"
              label={text('scope.category')}
              rules={[required('scopeTarget')]}
              request={async () => {
                const page = await categories({ current: 1, pageSize: 100, status: 'active' });
                const target = editing?.scope === 'category' ? editing.scopeTarget : null;
                return withCurrentTarget(
                  page.list.map((item) => ({ value: item.id, label: pickText(item.name, intl.locale) })),
                  target && { value: target.id, label: pickText(target.name, intl.locale) },
                );
              }}
            />
          ) : scope === 'exam' ? (
            <ProFormSelect
              name="scopeTargetId"
              label={text('scope.exam')}
              showSearch
              rules={[required('scopeTarget')]}
              request={async ({ keyWords }: { keyWords?: string }) => {
                const page = await exams({ q: keyWords || undefined, current: 1, pageSize: 20 });
                const examChoice = (item: { id: string; code: string; name: LocalizedText }) => ({
                  value: item.id,
                  label: `${item.code} ${pickText(item.name, intl.locale)}`,
                });
                const target = editing?.scope === 'exam' ? editing.scopeTarget : null;
                return withCurrentTarget(page.list.map(examChoice), target && examChoice(target));
              }}
            />
          ) : null
        }
      </ProFormDependency>
      <ProFormSwitch name="active" label={text('active')} />
    </ModalForm>
  );
}
