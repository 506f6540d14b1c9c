import { Button, Card, Center, Skeleton, Stack } from '@mantine/core';
import { IconNotebook } from '@tabler/icons-react';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadError } from '../../../components/LoadError';
import type { JournalEntry } from '../api';
import { useJournalListQuery, type PageFilters } from '../queries';
import { journalText as t } from '../strings';
import { JournalEntryCard } from './JournalEntryCard';

interface JournalEntryListProps {
  athleteId: number;
  filters: PageFilters;
  /** Offer "Load more" while the server has more (X-Next-Cursor); the Recent tab shows its first page only. */
  paged: boolean;
  empty: { title: string; description: string };
  onEdit: (entry: JournalEntry) => void;
  onTagClick: (tag: string) => void;
  /** Entries for family members who may not edit (see JournalEntryCard). */
  readOnly?: boolean;
  /** No "no entries yet" note: entries written on this device wait above the list (issue 34). */
  hideEmpty?: boolean;
}

export function JournalEntryList({ athleteId, filters, paged, empty, onEdit, onTagClick, readOnly, hideEmpty }: JournalEntryListProps) {
  const query = useJournalListQuery(athleteId, filters);

  if (query.isPending) return <EntryListSkeleton />;
  if (query.isError) return <LoadError message={t.loadFailed} onRetry={() => void query.refetch()} />;

  const entries = query.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) {
    if (hideEmpty) return null;
    return (
      <Card withBorder radius="md" padding="lg">
        <EmptyNote icon={<IconNotebook size={22} />} title={empty.title} description={empty.description} />
      </Card>
    );
  }
  return (
    <Stack gap="md">
      {entries.map((entry) => (
        <JournalEntryCard key={entry.id} entry={entry} onEdit={onEdit} onTagClick={onTagClick} readOnly={readOnly} />
      ))}
      {paged && query.hasNextPage && (
        <Center>
          <Button variant="light" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {t.loadMore}
          </Button>
        </Center>
      )}
    </Stack>
  );
}

function EntryListSkeleton() {
  return (
    <Stack gap="md" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <Card key={i} withBorder radius="md" padding="lg">
          <Skeleton height={18} width="45%" mb="xs" />
          <Skeleton height={12} width="20%" mb="md" />
          <Skeleton height={10} mb={6} />
          <Skeleton height={10} mb={6} />
          <Skeleton height={10} width="70%" />
        </Card>
      ))}
    </Stack>
  );
}
