import { lazyDialog } from '../../../components/Dialog';
import type { AthleteFormModalProps } from './AthleteFormModal';

/** The athlete form's dialog, its code (the number field's library among it) fetched when it first opens. */
export const AthleteFormModal = lazyDialog<AthleteFormModalProps>(() => import('./AthleteFormModal').then((m) => m.AthleteFormModal), {
  isOpen: (props) => props.opened,
  closed: (props) => ({ ...props, opened: false }),
});
