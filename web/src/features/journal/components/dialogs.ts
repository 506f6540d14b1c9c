import { lazyDialog } from '../../../components/Dialog';
import type { EntryFormProps } from './EntryForm';
import type { EntryFormModalProps } from './EntryFormModal';

/** The entry writing dialog, its code (the tag input and what it is built on) fetched when it first opens. */
export const EntryFormModal = lazyDialog<EntryFormModalProps>(() => import('./EntryFormModal').then((m) => m.EntryFormModal), {
  isOpen: (props) => props.opened,
  closed: (props) => ({ ...props, opened: false }),
});

/** What the dialog is open for: a new entry (perhaps from a prompt) or an edit. */
export interface EntryDialogState {
  opened: boolean;
  entry: EntryFormProps['entry'];
  prompt: EntryFormProps['prompt'];
  queued?: EntryFormProps['queued'];
}

export const closedEntryDialog: EntryDialogState = { opened: false, entry: null, prompt: null, queued: null };
