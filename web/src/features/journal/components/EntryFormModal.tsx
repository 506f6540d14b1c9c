import { Dialog } from '../../../components/Dialog';
import { entryFormText as t } from '../strings';
import { EntryForm, type EntryFormProps } from './EntryForm';

export interface EntryFormModalProps extends Omit<EntryFormProps, 'onDone'> {
  opened: boolean;
  onClose: () => void;
}

/** The entry writing dialog, for a new entry or prefilled to edit. The form mounts fresh on every open. */
export function EntryFormModal({ opened, onClose, entry, queued, ...formProps }: EntryFormModalProps) {
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={entry || queued ? t.editTitle : t.createTitle}
      size="lg"
      radius="md"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <EntryForm {...formProps} entry={entry} queued={queued} onDone={onClose} />
    </Dialog>
  );
}
