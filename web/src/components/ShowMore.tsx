import { Button, Center } from '@mantine/core';
import { pageText } from '../lib/messages';

interface ShowMoreProps {
  /** A paged list (lib/pages' useInfiniteList, or any TanStack infinite query). */
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  label?: string;
}

/** The next page of a list, while the server says there is one (X-Next-Cursor); nothing on the last page. */
export function ShowMore({ list, label = pageText.showMore }: ShowMoreProps) {
  if (!list.hasNextPage) return null;
  return (
    <Center>
      <Button variant="light" size="xs" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
        {label}
      </Button>
    </Center>
  );
}
