import { ProForm } from '@ant-design/pro-components';
import { history, useModel, useSearchParams } from '@umijs/max';
import { type FormInstance, Row } from 'antd';
import type { Store } from 'antd/es/form/interface';
import { type ReactNode, useState } from 'react';
import { flushSync } from 'react-dom';
import { type FieldErrorTarget, useFailure } from '@/hooks/useFailure';
import { useIntl } from '@/intl';
import type { FieldErrorMap } from '@/utils/failure';
import { feedback } from '@/utils/feedback';
import { safeRedirect } from '@/utils/guard';
import defaultSettings from '../../../../config/defaultSettings';
import type { CurrentUser } from '../../../../contract/auth';

interface ProfileFormFrameProps<Values extends Store, Saved, Field extends string> {
  /** The form's name, which prefixes its fields' ids. */
  name: string;
  form: FormInstance<Values> & FieldErrorTarget<Field>;
  /** Read once: later answers (a save) are already in the form. */
  initialValues: Values;
  /** Sends the values that passed the form's rules, with `handledHere`: a refusal is shown here. */
  save: (values: Values) => Promise<Saved>;
  /** Where the server's refusals land on the form. */
  fieldErrors: FieldErrorMap<Field>;
  /** The message id said once saved. */
  savedText: string;
  onSaved: (saved: Saved) => void;
  /** What of the saved profile the header shows (the name, the avatar), when it shows any. */
  header?: (saved: Saved) => Partial<Pick<CurrentUser, 'name' | 'avatar_small'>>;
  children: ReactNode;
}

/**
 * What every profile form does around its fields (spec section 3): Save (or Enter), then say so, update the header and
 * go back where the profile was asked for (`?redirect=`); a refusal lands on the fields it concerns, anything else is
 * shown as the app shows failures.
 */
export default function ProfileFormFrame<Values extends Store, Saved, Field extends string>({
  name,
  form,
  initialValues,
  save,
  fieldErrors,
  savedText,
  onSaved,
  header,
  children,
}: ProfileFormFrameProps<Values, Saved, Field>) {
  const intl = useIntl();
  const failure = useFailure();
  const { setInitialState } = useModel('@@initialState');
  const [searchParams] = useSearchParams();
  const [initial] = useState(initialValues);

  const submit = async (values: Values) => {
    try {
      const saved = await save(values);
      if (header) {
        // The header reads initialState; the next page must see the new name and avatar.
        flushSync(() =>
          setInitialState((state) => ({
            settings: defaultSettings,
            ...state,
            currentUser: state?.currentUser && { ...state.currentUser, ...header(saved) },
          })),
        );
      }
      feedback.message.success(intl.formatMessage({ id: savedText }));
      onSaved(saved);
      const redirect = searchParams.get('redirect');
      if (redirect) history.push(safeRedirect(redirect, window.location.origin));
    } catch (error) {
      if (!failure.onFields(form, error, fieldErrors)) failure.show(error);
    }
  };

  return (
    <ProForm<Values>
      form={form}
      name={name}
      layout="vertical"
      initialValues={initial}
      isKeyPressSubmit
      onFinish={submit}
      submitter={{
        searchConfig: { submitText: intl.formatMessage({ id: 'pages.profile.save' }) },
        resetButtonProps: false,
      }}
    >
      <Row gutter={16}>{children}</Row>
    </ProForm>
  );
}
