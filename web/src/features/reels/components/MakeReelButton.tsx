import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconMovie } from '@tabler/icons-react';
import { useCurrentAthlete } from '../../../lib/currentAthlete';
import { reelText as t } from '../strings';
import { ReelBuilder } from './dialogs';

/** The media library's Make a reel: opens the builder for the current athlete. */
export function MakeReelButton() {
  const { athlete } = useCurrentAthlete();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" leftSection={<IconMovie size={16} aria-hidden />} onClick={() => setOpened(true)} disabled={!athlete}>
        {t.open}
      </Button>
      <ReelBuilder athlete={opened ? athlete : null} onClose={() => setOpened(false)} />
    </>
  );
}
