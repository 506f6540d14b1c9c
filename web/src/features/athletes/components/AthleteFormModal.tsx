import { Modal } from '@mantine/core';
import type { Athlete } from '../../../lib/currentAthlete';
import { athleteFormText as t } from '../strings';
import { AthleteForm } from './AthleteForm';

interface AthleteFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** Edit this athlete; leave out to create one. */
  athlete?: Athlete | null;
}

/** "Create Athlete Profile" dialog, also used prefilled to edit. The form mounts fresh on every open. */
export function AthleteFormModal({ opened, onClose, athlete }: AthleteFormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={athlete ? t.editTitle : t.createTitle} size="lg" radius="md" styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}>
      <AthleteForm athlete={athlete ?? undefined} onDone={onClose} />
    </Modal>
  );
}
