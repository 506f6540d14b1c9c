import type { ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { useMyAthletes, type Athlete } from '../lib/currentAthlete';
import { LimitedAccessNote, ViewOnlyBadge } from './AccessNotice';

interface AthletePageHeaderProps {
  title: string;
  /** The subtitle the owner of one athlete sees. */
  subtitle: string;
  /** The subtitle naming whose page it is: a family member's, and everyone's who has several athletes. */
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
  const several = (useMyAthletes().data?.length ?? 0) > 1;
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
          <Text c="dimmed">{athlete && (role !== 'owner' || several) ? familySubtitle(athlete.name) : subtitle}</Text>
        </Stack>
        {action}
      </Group>
      <LimitedAccessNote role={role} />
    </>
  );
}
