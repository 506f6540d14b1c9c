import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { dashboardText as t } from '../strings';
import { NeedsProfileButton } from './LinkButton';

/** Opens the entry writing dialog; without a profile it is disabled and explains why. */
export function NewEntryButton({ hasProfile, onClick }: { hasProfile: boolean; onClick: () => void }) {
  if (!hasProfile) return <NeedsProfileButton icon={<IconPlus size={14} />}>{t.newEntry}</NeedsProfileButton>;
  return (
    <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onClick}>
      {t.newEntry}
    </Button>
  );
}
