import { Button, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { dashboardText as t } from '../strings';

/** Spec tooltip delay. */
const TOOLTIP_OPEN_DELAY = 700;

/**
 * Opens the entry writing dialog. Without a profile the button is disabled and explains why. It uses
 * data-disabled rather than the disabled attribute because a disabled button fires no hover events,
 * so its tooltip would never show.
 */
export function NewEntryButton({ hasProfile, onClick }: { hasProfile: boolean; onClick: () => void }) {
  if (!hasProfile) {
    return (
      <Tooltip label={t.createProfileFirst} openDelay={TOOLTIP_OPEN_DELAY} withArrow>
        <Button
          size="xs"
          leftSection={<IconPlus size={14} />}
          data-disabled
          aria-disabled="true"
          onClick={(e) => e.preventDefault()}
        >
          {t.newEntry}
        </Button>
      </Tooltip>
    );
  }
  return (
    <Button size="xs" leftSection={<IconPlus size={14} />} onClick={onClick}>
      {t.newEntry}
    </Button>
  );
}
