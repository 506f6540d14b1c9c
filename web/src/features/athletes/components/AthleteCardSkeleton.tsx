import { Card, Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** Placeholder with the card's shape while the profile loads. */
export function AthleteCardSkeleton() {
  return (
    <Card withBorder radius="md" padding={0} aria-busy="true" aria-label="Loading athlete profile">
      <Group p={{ base: 'md', sm: 'xl' }} gap="md" wrap="nowrap">
        <Skeleton height={84} circle />
        <Stack gap="xs" style={{ flex: 1 }}>
          <Skeleton height={26} width="55%" />
          <Skeleton height={14} width="35%" />
          <Skeleton height={22} width={160} />
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl" p={{ base: 'md', sm: 'lg' }}>
        {[0, 1, 2].map((i) => (
          <Stack key={i} gap="xs">
            <Skeleton height={20} width="60%" />
            <Skeleton height={40} />
            <Skeleton height={40} />
          </Stack>
        ))}
      </SimpleGrid>
    </Card>
  );
}
