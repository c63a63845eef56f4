import { Modal } from 'antd';
import { useIntl } from '@/intl';
import { cancelExam } from '@/services/center';
import type { CenterExam, ExamCancelResponse } from '../../../../contract/center';
import { pickText } from '../../../../contract/format';

/**
 * Cancelling an exam, behind a dialog that says what it does to the candidates (every paid one refunded and told by
 * SMS), then what it did, in the answer's numbers. Render `dialogs` once in the page.
 */
export function useCancelExam(onCanceled: (answer: ExamCancelResponse) => void) {
  const intl = useIntl();
  const [modal, dialogs] = Modal.useModal();
  const text = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `pages.center.cancel.${id}` }, values);

  const confirm = (exam: CenterExam) => {
    const name = pickText(exam.name, intl.locale);
    modal.confirm({
      title: text('title', { name }),
      content: (
        <>
          <p>{text('consequence')}</p>
          <p>{text('counts', { paid: exam.counts.register, pending: exam.counts.pending })}</p>
        </>
      ),
      okText: text('ok'),
      okButtonProps: { danger: true },
      cancelText: text('keep'),
      onOk: async () => {
        try {
          const answer = await cancelExam(exam.id);
          onCanceled(answer);
          modal.success({
            title: text('done', { name }),
            content: text('doneCounts', {
              refunded: answer.refunded,
              released: answer.released,
              notified: answer.notified,
            }),
            okText: text('close'),
          });
        } catch {
          // The app has shown why.
        }
      },
    });
  };
  return { confirm, dialogs };
}
