import { ProForm, type ProFormItemProps } from '@ant-design/pro-components';
import { Col, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import RegionField from '@/components/RegionField';
import { useIntl } from '@/intl';
import { isMainlandMobile } from '@/utils/phone';

/** The fields more than one kind of profile has, said and checked the same way in each. */

/** A field of a profile form in its column: half the row from a small screen up (`wide`: all of it), all on a phone. */
export function FieldColumn({ wide, children, ...item }: ProFormItemProps & { wide?: boolean }) {
  return (
    <Col xs={24} sm={wide ? 24 : 12}>
      <ProForm.Item {...item}>{children}</ProForm.Item>
    </Col>
  );
}

function useText() {
  const intl = useIntl();
  return (id: string) => intl.formatMessage({ id });
}

/** The person's name, as the header and the door show it. */
export function NameItem() {
  const text = useText();
  return (
    <FieldColumn
      name="name"
      label={text('pages.profile.name')}
      rules={[{ required: true, whitespace: true, message: text('pages.profile.name.required') }]}
    >
      <Input autoComplete="name" maxLength={50} />
    </FieldColumn>
  );
}

/** The phone the account logs in with: shown, never edited here. */
export function LoginPhoneItem() {
  const text = useText();
  return (
    <FieldColumn name="phone" label={text('pages.profile.phone')} extra={text('pages.profile.phone.help')}>
      <Input readOnly />
    </FieldColumn>
  );
}

/**
 * The mainland mobile to reach the person or the center by. `texts` is where its label and required message live
 * (`pages.profile` or `pages.center.profile`).
 */
export function ContactPhoneItem({ texts }: { texts: string }) {
  const text = useText();
  const mainlandMobile: Rule = {
    validator: (_, value: string | undefined) =>
      !value?.trim() || isMainlandMobile(value)
        ? Promise.resolve()
        : Promise.reject(new Error(text('errors.PHONE_INVALID'))),
  };
  return (
    <FieldColumn
      name="contactPhone"
      label={text(`${texts}.contactPhone`)}
      rules={[{ required: true, whitespace: true, message: text(`${texts}.contactPhone.required`) }, mainlandMobile]}
    >
      <Input type="tel" autoComplete="tel" maxLength={32} />
    </FieldColumn>
  );
}

/** Province and city. */
export function RegionItem() {
  const text = useText();
  return (
    <FieldColumn
      name="region"
      label={text('pages.profile.region')}
      rules={[{ required: true, message: text('pages.profile.region.required') }]}
    >
      <RegionField placeholder={text('pages.profile.region')} />
    </FieldColumn>
  );
}

/** The street address, on a line of its own. */
export function AddressItem() {
  const text = useText();
  return (
    <FieldColumn
      wide
      name="address"
      label={text('pages.profile.address')}
      rules={[{ required: true, whitespace: true, message: text('pages.profile.address.required') }]}
    >
      <Input autoComplete="street-address" maxLength={200} />
    </FieldColumn>
  );
}
