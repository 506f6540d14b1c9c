import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconBook2 } from '@tabler/icons-react';
import { lazyDialog } from '../../../components/Dialog';
import { seasonStoryText as t } from '../strings';
import type { SeasonStoryAthlete, SeasonStoryDialogProps } from './SeasonStoryDialog';

/** The dialog's code (its form and the book's progress) is fetched when it first opens, not with the journal. */
const SeasonStoryDialog = lazyDialog<SeasonStoryDialogProps>(() => import('./SeasonStoryDialog').then((m) => m.SeasonStoryDialog), {
  isOpen: (props) => props.opened,
  closed: (props) => ({ ...props, opened: false }),
});

/** The 'Season Story' button and the dialog it opens, for those who make books (the owner and editors). */
export function SeasonStoryButton({ athlete }: { athlete: SeasonStoryAthlete }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button variant="light" leftSection={<IconBook2 size={16} />} onClick={() => setOpened(true)}>
        {t.button}
      </Button>
      <SeasonStoryDialog opened={opened} onClose={() => setOpened(false)} athlete={athlete} />
    </>
  );
}
