import { Card, Stack, Switch, Text, Title } from '@mantine/core';
import { useMyAthletes } from '../../../lib/currentAthlete';
import { useSetShowPlacesMutation } from '../queries';
import { placesText as t } from '../strings';

/**
 * For the athletes whose circle the caller manages: whether photos and videos are named by the town
 * where they were taken (new uploads, and the library from before once it is on). Off by default; each switch saves as it is flipped.
 */
export function PlacesCard() {
  const athletes = useMyAthletes();
  const setPlaces = useSetShowPlacesMutation();
  const managed = (athletes.data ?? []).filter((a) => a.permissions.manageCircle);
  if (managed.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t.title}>
      <Title order={2} fz="h4" mb={4}>
        {t.title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t.hint}
      </Text>
      <Stack gap="sm">
        {managed.map((a) => (
          <Switch
            key={a.id}
            label={managed.length > 1 ? t.labelFor(a.name) : t.label}
            checked={a.showPlaces ?? false}
            disabled={setPlaces.isPending}
            onChange={(e) => setPlaces.mutate({ athleteId: a.id, showPlaces: e.currentTarget.checked })}
          />
        ))}
      </Stack>
    </Card>
  );
}
