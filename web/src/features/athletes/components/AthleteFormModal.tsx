import { Divider } from '@mantine/core';
import { Dialog } from '../../../components/Dialog';
import { myAthletesKey, type Athlete } from '../../../lib/currentAthlete';
import { PhotoUpload, photoText, photoUrls } from '../../photos';
import { athleteKeys, useAthleteQuery } from '../queries';
import { athleteFormText as t } from '../strings';
import { AthleteForm } from './AthleteForm';

export interface AthleteFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** Edit this athlete; leave out to create one. */
  athlete?: Athlete | null;
}

/** "Create Athlete Profile" dialog, also used prefilled to edit. The form mounts fresh on every open. */
export function AthleteFormModal({ opened, onClose, athlete }: AthleteFormModalProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={athlete ? t.editTitle : t.createTitle} size="lg" radius="md" styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}>
      {athlete?.permissions.edit && (
        <>
          <AthletePhoto athlete={athlete} />
          <Divider my="md" />
        </>
      )}
      <AthleteForm athlete={athlete ?? undefined} onDone={onClose} />
    </Dialog>
  );
}

/** The athlete's photo control, on the athlete as the server answers it now (the dialog's is a snapshot). */
function AthletePhoto({ athlete }: { athlete: Athlete }) {
  const fresh = useAthleteQuery(athlete.id).data ?? athlete;
  return (
    <PhotoUpload
      url={photoUrls.athlete(athlete.id)}
      photoUrl={fresh.photoUrl}
      name={fresh.name}
      label={photoText.athleteLabel}
      shownIn={[athleteKeys.detail(athlete.id), athleteKeys.me(), myAthletesKey]}
      failure={fresh.photo?.status === 'failed' ? fresh.photo.statusReason : undefined}
    />
  );
}
