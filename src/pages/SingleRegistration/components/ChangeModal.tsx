import { useIntl } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Empty, List, Modal, Spin } from 'antd';
import { useState } from 'react';
import { changeOptions, changeRegistration } from '@/services/booking';
import { envelopeOf } from '@/utils/bizError';
import { formatFen, formatInZone, pickText, zoneLabel } from '@/utils/format';
import { showError } from '@/utils/showError';
import type { ChangeResponse, RegistrationView } from '../../../../contract/booking';

interface Props {
  registration: RegistrationView;
  onClose: () => void;
  onChanged: (answer: ChangeResponse) => void;
  /** The server refused: the reservation is within the lock period now. */
  onLocked: () => void;
}

/** "Change Reservation": the sessions this registration may move to; choosing one moves it (or asks for the difference). */
export default function ChangeModal({ registration, onClose, onChanged, onLocked }: Props) {
  const intl = useIntl();
  const { locale } = intl;
  const text = (id: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `pages.checkout.change.${id}` }, values);
  const { data: options, loading } = useRequest(() => changeOptions(registration.id));
  const [moving, setMoving] = useState<string | null>(null);

  const move = async (examId: string) => {
    setMoving(examId);
    try {
      onChanged(await changeRegistration(registration.id, { examId }, { skipErrorHandler: true }));
    } catch (error) {
      if (envelopeOf(error)?.errorCode === 'RESERVATION_LOCKED') onLocked();
      else showError(error);
    } finally {
      setMoving(null);
    }
  };

  return (
    <Modal open title={text('title')} onCancel={onClose} footer={<Button onClick={onClose}>{text('close')}</Button>}>
      <p>{text('intro')}</p>
      {loading ? (
        <Spin />
      ) : options?.length ? (
        <List
          dataSource={options}
          renderItem={(exam) => {
            const name = pickText(exam.name, locale);
            const date = `${formatInZone(exam.startsAt, exam.timeZone)} ${zoneLabel(exam.startsAt, exam.timeZone, locale)}`;
            return (
              <List.Item
                actions={[
                  <Button
                    key="move"
                    aria-label={text('moveLabel', { exam: name, date })}
                    loading={moving === exam.id}
                    disabled={moving !== null}
                    onClick={() => move(exam.id)}
                  >
                    {text('move')}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={name}
                  description={`${date} · ${pickText(exam.center.name, locale)} · ${formatFen(exam.feeFen, locale)}`}
                />
              </List.Item>
            );
          }}
        />
      ) : (
        <Empty description={text('empty')} />
      )}
    </Modal>
  );
}
