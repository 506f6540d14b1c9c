import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import type { Athlete } from '../lib/currentAthlete';
import { LimitedAccessNote, ViewOnlyBadge } from './AccessNotice';

interface AthletePageHeaderProps {
  title: string;
  /** The subtitle the athlete's owner sees. */
  subtitle: string;
  /** The subtitle a family member sees, naming whose page it is. */
  familySubtitle: (athleteName: string) => string;
  athlete: Athlete | null;
  /** A button on the right (New Entry, Upload), left out for those who may not use it. */
  action?: ReactNode;
}

/**
 * The header of a page about the current athlete: title with the "View only" badge, the owner's or a
 * family member's subtitle, an action, and the note for limited members below.
 */
export function AthletePageHeader({ title, subtitle, familySubtitle, athlete, action }: AthletePageHeaderProps) {
  const role = athlete?.role;
  return (
    <>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Group gap="sm" align="center">
            <Title order={1} fz={{ base: 28, sm: 34 }}>
              {title}
            </Title>
            <ViewOnlyBadge role={role} />
          </Group>
          <Text c="dimmed">{athlete && role !== 'owner' ? familySubtitle(athlete.name) : subtitle}</Text>
        </Stack>
        {action}
      </Group>
      <LimitedAccessNote role={role} />
    </>
  );
}
