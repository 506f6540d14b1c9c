import { Button, Group, Stack, Text } from '@mantine/core';
import { IconLink } from '@tabler/icons-react';
import { Dialog } from '../../../components/Dialog';
import { useMyAthletes } from '../../../lib/currentAthlete';
import type { MediaItem } from '../api';
import { shareText as t, type SharedAthlete } from '../strings';

/** The athlete whose name the items' share pages show; null until the athletes are loaded. */
export function useSharedAthlete(items: readonly MediaItem[]): SharedAthlete | null {
  const athletes = useMyAthletes();
  const athlete = athletes.data?.find((a) => a.id === items[0]?.athleteId);
  return athlete ? { name: athlete.name, sports: athlete.sports } : null;
}

export const dialogStyles = { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)', overflowWrap: 'anywhere' } } as const;

interface ShareQuestionProps {
  items: readonly MediaItem[];
  athlete: SharedAthlete | null;
  /** The link is being made: Create waits. */
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Asked before a public link is made (issue 33: a native confirm() asked only for family-only files, and
 * said nothing of the athlete's name on the page): who can open it, what its page shows, what it changes.
 */
export function ShareQuestion({ items, athlete, pending, onConfirm, onCancel }: ShareQuestionProps) {
  const many = items.length > 1;
  const familyOnly = items.filter((item) => item.isPrivate).length;
  return (
    <Stack gap="md">
      <Stack gap="xs">
        <Text size="sm">{many ? t.questionMany(items.length) : t.question}</Text>
        <Text size="sm" fw={500}>
          {many ? t.pagesShow(athlete) : t.pageShows(athlete)}
        </Text>
        {familyOnly > 0 && <Text size="sm">{many ? t.familyOnlyMany(familyOnly, items.length) : t.familyOnly}</Text>}
        <Text size="sm" c="dimmed">
          {t.turnOffLater}
        </Text>
      </Stack>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t.cancel}
        </Button>
        <Button leftSection={<IconLink size={16} />} loading={pending} onClick={onConfirm} data-autofocus>
          {many ? t.createMany(items.length) : t.create}
        </Button>
      </Group>
    </Stack>
  );
}

interface ShareQuestionDialogProps {
  /** The item to share; null: closed. */
  item: MediaItem | null;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The question on its own, for a screen that shows the link itself once made (the video editor). */
export function ShareQuestionDialog({ item, pending, onConfirm, onClose }: ShareQuestionDialogProps) {
  const items = item ? [item] : [];
  const athlete = useSharedAthlete(items);
  return (
    <Dialog opened={item !== null} onClose={onClose} title={item ? `${t.dialogTitle}: ${item.title}` : t.dialogTitle} radius="md" styles={dialogStyles}>
      {item && <ShareQuestion items={items} athlete={athlete} pending={pending} onConfirm={onConfirm} onCancel={onClose} />}
    </Dialog>
  );
}
