import { Card, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useDigestSettings, useSetDigest, type DigestFrequency } from '../digests';
import { digestText as t } from '../strings';

/** E-mail: for each athlete the member follows, a daily or weekly digest of what is new, or none. */
export function DigestsCard() {
  const settings = useDigestSettings();
  const setDigest = useSetDigest();
  if (!settings.data || settings.data.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t.title}>
      <Title order={2} fz="h4" mb={4}>
        {t.title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t.hint}
      </Text>
      <Stack gap="md">
        {settings.data.map((d) => (
          <div key={d.athleteId}>
            <Text fw={600} mb={6} id={`digest-${d.athleteId}`}>
              {d.athleteName}
            </Text>
            <SegmentedControl
              aria-labelledby={`digest-${d.athleteId}`}
              value={d.frequency}
              onChange={(frequency) => setDigest.mutate({ athleteId: d.athleteId, frequency: frequency as DigestFrequency })}
              data={[
                { value: 'daily', label: t.daily },
                { value: 'weekly', label: t.weekly },
                { value: 'never', label: t.never },
              ]}
            />
          </div>
        ))}
      </Stack>
    </Card>
  );
}
