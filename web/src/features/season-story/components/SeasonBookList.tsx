import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { ShowMore } from '../../../components/ShowMore';
import { fullDateLabel } from '../../../lib/format';
import type { SeasonBook } from '../api';
import { useDeleteSeasonBook, useSeasonBooks } from '../queries';
import { seasonStoryText as t } from '../strings';

/** The books made before, newest first: each one's dates and state, its PDF once drawn, and Delete. Nothing before the first. */
export function SeasonBookList({ athleteId }: { athleteId: number }) {
  const list = useSeasonBooks(athleteId);
  const remove = useDeleteSeasonBook(athleteId);
  if (list.items.length === 0) return null;
  const confirmDelete = (book: SeasonBook) => {
    if (window.confirm(t.confirmDelete(book.title))) remove.mutate(book);
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="season-books-heading">
      <Title order={3} fz="md" id="season-books-heading">
        {t.books}
      </Title>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {list.items.map((book) => (
          <Group component="li" key={book.id} justify="space-between" gap="xs" wrap="wrap" aria-label={book.title}>
            <Stack gap={0} miw={0} style={{ flex: '1 1 200px' }}>
              <Text fw={600} size="sm" truncate>
                {book.title}
              </Text>
              <Text size="xs" c={book.status === 'failed' ? 'red' : 'dimmed'}>
                {[t.dates(fullDateLabel(book.from), fullDateLabel(book.to)), t.status[book.status], book.status === 'failed' ? book.statusReason : '']
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
            </Stack>
            <Group gap="xs">
              {book.status === 'ready' && book.url && (
                <Anchor href={book.url} target="_blank" rel="noopener" size="sm" aria-label={t.openLabel(book.title)}>
                  <Group gap={4} wrap="nowrap">
                    <IconDownload size={14} aria-hidden />
                    {t.open}
                  </Group>
                </Anchor>
              )}
              <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden />} aria-label={t.deleteLabel(book.title)} onClick={() => confirmDelete(book)}>
                {t.delete}
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
      <ShowMore list={list} />
    </Stack>
  );
}
