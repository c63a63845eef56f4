import { Button, Modal } from 'antd';
import { useIntl } from '@/intl';
import { cancelGroupMember } from '@/services/group';
import { handledHere } from '@/utils/failure';
import type { GroupMember, GroupMemberCancelResponse } from '../../../../contract/group';

interface Props {
  groupId: string;
  member: GroupMember & { registrationId: string };
  onCanceled: (member: GroupMember, answer: GroupMemberCancelResponse) => void;
  /** The server refused (the lock began meanwhile, say): the page says why, in place. */
  onRefused: (error: unknown) => void;
}

/**
 * The coordinator's "Cancel seat" for one member, behind a dialog that says what it does: the seat's share of the
 * payment comes back to the coordinator, and the member is told by SMS.
 */
export default function CancelSeat({ groupId, member, onCanceled, onRefused }: Props) {
  const intl = useIntl();
  const text = (id: string) => intl.formatMessage({ id: `pages.gRegistration.done.${id}` }, { name: member.name });
  const [modal, dialogs] = Modal.useModal();

  const confirm = () =>
    modal.confirm({
      title: text('cancelTitle'),
      content: text('cancelConsequence'),
      okText: text('cancelOk'),
      okButtonProps: { danger: true },
      cancelText: text('cancelKeep'),
      onOk: async () => {
        try {
          onCanceled(member, await cancelGroupMember(groupId, member.registrationId, handledHere));
        } catch (error) {
          onRefused(error);
        }
      },
    });

  return (
    <>
      <Button danger size="small" aria-label={text('cancelSeatLabel')} onClick={confirm}>
        {text('cancelSeat')}
      </Button>
      {dialogs}
    </>
  );
}
