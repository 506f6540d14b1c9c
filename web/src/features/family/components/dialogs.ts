import { lazyDialog } from '../../../components/Dialog';
import type { InviteMemberModalProps } from './InviteMemberModal';

/** 'Invite Member', its code (the form's selects, the link dialog) fetched when it first opens. */
export const InviteMemberModal = lazyDialog<InviteMemberModalProps>(() => import('./InviteMemberModal').then((m) => m.InviteMemberModal), {
  isOpen: (props) => props.opened,
  closed: (props) => ({ ...props, opened: false }),
});
