import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconClockPlay } from '@tabler/icons-react';
import { useCurrentAthlete } from '../../../lib/currentAthlete';
import { filmText as t } from '../strings';
import { SeasonFilm } from './dialogs';

/** The media library's One-minute film: opens the film dialog for the current athlete. */
export function SeasonFilmButton() {
  const { athlete } = useCurrentAthlete();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" leftSection={<IconClockPlay size={16} aria-hidden />} onClick={() => setOpened(true)} disabled={!athlete}>
        {t.open}
      </Button>
      <SeasonFilm athlete={opened ? athlete : null} onClose={() => setOpened(false)} />
    </>
  );
}
