import { useState } from 'react';
import { Anchor, Avatar, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useMyAthletes } from '../../../lib/currentAthlete';
import { initials } from '../../../lib/format';
import { athletesCardText as t } from '../strings';
import { AthleteFormModal } from './dialogs';

/**
 * The account's own athletes, brothers and sisters alike, and "Add an athlete": as many as the plan
 * holds (the server answers past that with the plan's words, shown by the form's toast).
 */
export function OwnAthletesCard() {
  const athletes = useMyAthletes();
  const [adding, setAdding] = useState(false);
  const own = (athletes.data ?? []).filter((a) => a.role === 'owner');
  if (!athletes.isSuccess) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t.title}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} fz="h4">
            {t.title}
          </Title>
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            {t.add}
          </Button>
        </Group>
        {own.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.none}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {own.map((a) => (
              <Group key={a.id} component="li" gap="sm" wrap="nowrap">
                <Avatar src={a.photoSmallUrl ?? null} alt="" radius="xl" size={36} color="blue">
                  {initials(a.name)}
                </Avatar>
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {a.name}
                  </Text>
                  <Text size="xs" c="dimmed" truncate>
                    {t.line(a.sports, a.graduationYear)}
                  </Text>
                </div>
              </Group>
            ))}
          </Stack>
        )}
        <Text size="xs" c="dimmed">
          {t.planNote}{' '}
          <Anchor component={Link} to="/subscription" size="xs">
            {t.seePlans}
          </Anchor>
        </Text>
      </Stack>
      <AthleteFormModal opened={adding} onClose={() => setAdding(false)} />
    </Card>
  );
}
