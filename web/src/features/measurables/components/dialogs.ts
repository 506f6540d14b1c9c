import { lazyDialog } from '../../../components/Dialog';
import type { MeasurableFormDialogProps } from './MeasurableFormDialog';
import type { ProfileFormDialogProps } from './ProfileFormDialog';

// The card's dialogs, each a chunk of its own fetched when it first opens (components/Dialog).

export const ProfileFormDialog = lazyDialog<ProfileFormDialogProps>(() => import('./ProfileFormDialog').then((m) => m.ProfileFormDialog), {
  isOpen: (props) => props.opened,
  closed: (props) => ({ ...props, opened: false }),
});

export const MeasurableFormDialog = lazyDialog<MeasurableFormDialogProps>(
  () => import('./MeasurableFormDialog').then((m) => m.MeasurableFormDialog),
  { isOpen: (props) => props.opened, closed: (props) => ({ ...props, opened: false }) },
);
