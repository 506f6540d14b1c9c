import { Badge, Group, Stack, Title } from '@mantine/core';
import { groupByMonth } from '../mediaRules';
import { MediaGrid, type MediaCollectionProps } from './MediaGrid';

/** Timeline: the grid, one section per month-year of each item's date (or upload time). */
export function MediaTimeline({ items, ...rest }: MediaCollectionProps) {
  return (
    <Stack gap="xl">
      {groupByMonth(items).map((group) => (
        <section key={group.key} aria-label={group.label}>
          <Group gap="xs" mb="sm">
            <Title order={2} fz="h4">
              {group.label}
            </Title>
            <Badge variant="light" color="gray" size="sm">
              {group.items.length}
            </Badge>
          </Group>
          <MediaGrid items={group.items} {...rest} />
        </section>
      ))}
    </Stack>
  );
}
