import { SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** The library while it loads: the toolbar's place and a screenful of tiles; `grid` alone below a toolbar already shown. */
export function LibrarySkeleton({ grid = false }: { grid?: boolean }) {
  return (
    <Stack gap="md" data-testid="media-loading">
      {!grid && <Skeleton height={36} radius="md" />}
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 5 }} spacing={{ base: 'xs', sm: 'md' }}>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} radius="md" style={{ aspectRatio: '1 / 1', height: 'auto' }} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
