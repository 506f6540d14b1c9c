import { Group, Progress, Stack, Text } from '@mantine/core';
import { IconSchool, IconTarget } from '@tabler/icons-react';
import type { Athlete } from '../../../lib/currentAthlete';
import { clampPercent } from '../selectors';
import { athleteCardText as t } from '../strings';
import { PanelHeader } from './PanelHeader';
import { PanelLink } from '../../../components/PanelLink';

/** Profile completion from the server and the college interests (none can be added yet). */
export function RecruitingStatusPanel({
  athlete,
  withLink = true,
}: {
  athlete: Pick<Athlete, 'profileCompletion' | 'bio' | 'permissions'>;
  withLink?: boolean;
}) {
  const completion = clampPercent(athlete.profileCompletion);
  return (
    <Stack gap="sm" justify="space-between" h="100%">
      <Stack gap="sm">
        <PanelHeader icon={<IconTarget size={18} />} title={t.recruitingStatus} />
        <div>
          <Group justify="space-between" mb={6}>
            <Text size="sm" fw={500}>
              {t.profileCompletion}
            </Text>
            <Text size="sm" fw={700}>
              {completion}%
            </Text>
          </Group>
          <Progress value={completion} color="gold" size="md" radius="xl" aria-label={t.profileCompletion} />
          {/* Advice on keeping the profile current is for those who may edit it. */}
          {athlete.permissions.edit && (
            <Text size="xs" c="dimmed" mt={6}>
              {athlete.bio.trim() ? t.keepCurrentHint : t.bioHint}
            </Text>
          )}
        </div>
        <div>
          <Text size="sm" fw={500} mb={4}>
            {t.collegeInterests}
          </Text>
          <Group gap={6} wrap="nowrap">
            <IconSchool size={16} aria-hidden color="var(--mantine-color-dimmed)" />
            <Text size="sm" c="dimmed">
              {t.noCollegeInterests}
            </Text>
          </Group>
        </div>
      </Stack>
      {withLink && <PanelLink to="/recruiting">{t.openRecruiting}</PanelLink>}
    </Stack>
  );
}
