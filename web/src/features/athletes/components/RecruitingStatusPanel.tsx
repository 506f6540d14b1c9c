import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { IconSchool, IconTarget } from '@tabler/icons-react';
import type { Athlete } from '../../../lib/currentAthlete';
import { clampPercent } from '../selectors';
import { athleteCardText as t } from '../strings';
import { PanelHeader } from './PanelHeader';
import { PanelLink } from '../../../components/PanelLink';

/** A college on the family's list, as the panel shows it. */
export interface InterestedCollege {
  id: number;
  name: string;
  interest: number;
}

/** How many interested colleges the panel shows (the spec's three badges). */
export const STATUS_COLLEGES = 3;

/** Profile completion from the server and the top three college interests by interest. */
export function RecruitingStatusPanel({
  athlete,
  withLink = true,
  colleges = [],
}: {
  athlete: Pick<Athlete, 'profileCompletion' | 'bio' | 'permissions'>;
  withLink?: boolean;
  colleges?: InterestedCollege[];
}) {
  const top = [...colleges].sort((a, b) => b.interest - a.interest).slice(0, STATUS_COLLEGES);
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
          {top.length > 0 ? (
            <Group gap={6}>
              {top.map((c) => (
                <Badge key={c.id} variant="light" color="navy" leftSection={<IconSchool size={12} aria-hidden />} style={{ textTransform: 'none' }} maw="100%">
                  {c.name}
                </Badge>
              ))}
            </Group>
          ) : (
            <Group gap={6} wrap="nowrap">
              <IconSchool size={16} aria-hidden color="var(--mantine-color-dimmed)" />
              <Text size="sm" c="dimmed">
                {t.noCollegeInterests}
              </Text>
            </Group>
          )}
        </div>
      </Stack>
      {withLink && <PanelLink to="/recruiting">{t.openRecruiting}</PanelLink>}
    </Stack>
  );
}
