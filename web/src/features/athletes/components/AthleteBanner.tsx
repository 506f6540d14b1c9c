import { Avatar, Badge, Button, Flex, Group, Stack, Text, Title } from '@mantine/core';
import { IconPencil, IconSchool } from '@tabler/icons-react';
import { NeedsSignal } from '../../../components/NeedsSignal';
import { initials } from '../../../lib/format';
import type { Athlete } from '../../../lib/currentAthlete';
import { sportsLine } from '../selectors';
import { athleteCardText as t } from '../strings';
import { ViewOnlyBadge } from '../../../components/AccessNotice';
import classes from './AthleteBanner.module.css';

interface AthleteBannerProps {
  athlete: Athlete;
  /** Absent on read-only views such as /demo. */
  onEdit?: () => void;
}

export function AthleteBanner({ athlete, onEdit }: AthleteBannerProps) {
  return (
    <Flex className={classes.banner} p={{ base: 'md', sm: 'xl' }} gap="md" direction={{ base: 'column', xs: 'row' }} align={{ base: 'flex-start', xs: 'center' }}>
      <Avatar className={classes.avatar} src={athlete.photoUrl ?? null} alt={athlete.name} size={84} radius="50%" color="gold" variant="filled" autoContrast>
        {initials(athlete.name)}
      </Avatar>
      <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
        <Title order={2} c="white" style={{ overflowWrap: 'anywhere' }}>
          {athlete.name}
        </Title>
        <Text fw={500} c="navy.0" style={{ overflowWrap: 'anywhere' }}>
          {sportsLine(athlete)}
        </Text>
        <Group gap="xs">
          <Badge color="gold" variant="filled" autoContrast size="lg" tt="none">
            {t.classOf(athlete.graduationYear)}
          </Badge>
          {athlete.gpa !== null && (
            <Badge color="white" variant="outline" size="lg" tt="none">
              {t.gpa(athlete.gpa)}
            </Badge>
          )}
          <ViewOnlyBadge role={athlete.role} variant="white" color="navy" size="lg" />
        </Group>
        {athlete.school && (
          <Group gap={6} wrap="nowrap">
            <IconSchool size={16} aria-hidden />
            <Text size="sm" c="navy.0">
              {athlete.school}
            </Text>
          </Group>
        )}
      </Stack>
      {onEdit && (
        <NeedsSignal>
          <Button variant="white" color="navy" leftSection={<IconPencil size={16} />} onClick={onEdit} style={{ alignSelf: 'flex-start' }}>
            {t.editProfile}
          </Button>
        </NeedsSignal>
      )}
    </Flex>
  );
}
