import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Box, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPhoto, IconSearch } from '@tabler/icons-react';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadError } from '../../../components/LoadError';
import { pageItems } from '../../../lib/pages';
import type { MediaItem, MediaSummary } from '../api';
import { MEDIA_VIEWS, mediaMonth, mediaQuery, type MediaFilters, type MediaView } from '../mediaRules';
import { useBulkDeleteMutation, useFavoriteMediaMutation, useMediaPages, useRetryMediaMutation } from '../queries';
import { mediaText as t, summaryText, tileText } from '../strings';
import { EditMediaDialog } from './EditMediaDialog';
import { LibrarySkeleton } from './LibrarySkeleton';
import type { MediaActions } from './mediaActions';
import { MediaGrid } from './MediaGrid';
import { MediaListView } from './MediaListView';
import { MediaTimeline } from './MediaTimeline';
import { MediaToolbar } from './MediaToolbar';
import { PreviewDialog } from './PreviewDialog';
import { SelectionBar } from './SelectionBar';
import { ShareDialog } from './ShareDialog';
import { SwipeHint } from './SwipeHint';
import { useScrollMemory } from './useScrollMemory';
import { useSessionState } from './useSessionState';
import { useSwipe } from './useSwipe';

interface MediaCollectionProps {
  athleteId: number;
  /** The library counted (all the caller may see); undefined while it loads. */
  summary: MediaSummary | undefined;
  /** One day's media (a milestone's 'View media'): the list asks for that day alone. */
  date: string | null;
  /** The Upload button, offered again in the empty state. */
  upload?: ReactNode;
  onEditVideo?: (item: MediaItem) => void;
  /** For family members who may not edit: view and download only (see MediaActions). */
  readOnly?: boolean;
}

const noFilters: MediaFilters = { search: '', type: 'all', favoritesOnly: false };

/** A search is sent once typing pauses: each change of it starts the list again from its first page. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * Filters, the three views, selection with bulk Share/Delete, and the dialogs a tile opens. The list is
 * read page by page as it is scrolled; the server filters inside each page.
 */
export function MediaCollection({ athleteId, summary, date, upload, onEditVideo, readOnly = false }: MediaCollectionProps) {
  const [filters, setFilters] = useState(noFilters);
  const [search] = useDebouncedValue(filters.search, SEARCH_DEBOUNCE_MS);
  const query = mediaQuery({ ...filters, search }, date);
  const list = useMediaPages(athleteId, query);
  const items = list.items;
  const [view, setView] = useSessionState<MediaView>(`media-view:${athleteId}`, 'grid');
  const [selectable, setSelectable] = useState(false);
  // Selected items by id, kept whole: a selection may hold items of pages no longer on the screen, or
  // of a filter since changed.
  const [selection, setSelection] = useState<ReadonlyMap<number, MediaItem>>(new Map());
  const [selectingMonth, setSelectingMonth] = useState<string | null>(null);
  // The preview follows the list by id, so a favorite or a finished processing run shows in it.
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [editing, setEditing] = useState<MediaItem | null>(null);
  // What the share dialog is open for: one item (its tile's menu, its preview) or the selection.
  const [sharing, setSharing] = useState<readonly MediaItem[] | null>(null);
  const bulkDelete = useBulkDeleteMutation();
  const retry = useRetryMediaMutation();
  const favorite = useFavoriteMediaMutation();

  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage]);
  useScrollMemory(`${athleteId}:${view}:${JSON.stringify(query)}`, {
    ready: list.isSuccess,
    rows: items.length,
    hasMore: list.hasNextPage,
    loadMore,
  });

  const selected: ReadonlySet<number> = useMemo(() => new Set(selection.keys()), [selection]);
  const loadedById = new Map(items.map((item) => [item.id, item]));
  // The newest state of each selected item where the list has it.
  const selectedItems = [...selection.values()].map((item) => loadedById.get(item.id) ?? item);
  const preview = items.find((item) => item.id === previewId) ?? null;

  // The same callbacks from render to render (TanStack's mutate functions are stable), so the memoised
  // tiles on the screen are not drawn again each time a page arrives or the selection changes.
  const { mutateAsync: flipFavorite } = favorite;
  const actions: MediaActions = useMemo(
    () => ({
      onView: (item) => setPreviewId(item.id),
      onEdit: setEditing,
      onShare: (item) => setSharing([item]),
      // The mutation's onError says what failed; the tile only waits for the answer.
      onFavorite: (item) => flipFavorite(item).catch(() => undefined),
      onEditVideo,
      readOnly,
    }),
    [flipFavorite, onEditVideo, readOnly],
  );
  const toggle = useCallback(
    (item: MediaItem) =>
      setSelection((current) => {
        const next = new Map(current);
        if (!next.delete(item.id)) next.set(item.id, item);
        return next;
      }),
    [],
  );
  const addToSelection = (add: readonly MediaItem[]) =>
    setSelection((current) => new Map([...current, ...add.map((item) => [item.id, item] as const)]));
  const selectAll = (all: boolean) => (all ? addToSelection(items) : setSelection(new Map()));
  const clear = () => setSelection(new Map());

  /**
   * Loads pages until `month` is on the page (whole: until a later month or the end shows it is complete),
   * and answers the items loaded by then.
   */
  const loadThrough = async (month: string, whole: boolean): Promise<MediaItem[]> => {
    let state = { data: list.data, hasNextPage: list.hasNextPage, isError: false };
    for (;;) {
      const loaded = pageItems(state.data);
      const last = loaded[loaded.length - 1];
      const reached = last !== undefined && (whole ? mediaMonth(last) < month : mediaMonth(last) <= month);
      if (reached || !state.hasNextPage || state.isError) return loaded;
      state = await list.fetchNextPage();
    }
  };
  // "Select all in May 2024": the whole month under the filters, however many pages it spans.
  const selectMonth = async (month: string) => {
    setSelectingMonth(month);
    try {
      addToSelection((await loadThrough(month, true)).filter((item) => mediaMonth(item) === month));
    } finally {
      setSelectingMonth(null);
    }
  };

  const deleteSelected = () => {
    const question = selectedItems.length === 1 ? tileText.confirmDelete : tileText.confirmDeleteMany(selectedItems.length);
    if (!window.confirm(question)) return;
    bulkDelete.mutate(selectedItems, {
      onSuccess: ({ deleted }) =>
        setSelection((current) => new Map([...current].filter(([id]) => !deleted.includes(id)))),
    });
  };

  const swipe = useSwipe((direction) => {
    const next = MEDIA_VIEWS.indexOf(view) - direction;
    setView(MEDIA_VIEWS[Math.min(MEDIA_VIEWS.length - 1, Math.max(0, next))]!);
  });

  const collection = { items, actions, selected, selectable, onToggleSelect: toggle, onNearEnd: loadMore };
  let body: ReactNode;
  if (summary?.total === 0 && !date) {
    body = readOnly ? (
      <EmptyNote icon={<IconPhoto size={22} />} title={t.noMediaShared} description={t.noMediaSharedHint} />
    ) : (
      <EmptyNote icon={<IconPhoto size={22} />} title={t.noMedia} description={t.noMediaHint} action={upload} />
    );
  } else if (list.isPending) {
    body = <LibrarySkeleton grid />;
  } else if (list.isError && items.length === 0) {
    body = <LoadError message={t.loadFailed} onRetry={() => void list.refetch()} />;
  } else if (items.length === 0) {
    body = <EmptyNote icon={<IconSearch size={22} />} title={t.noMatches} description={t.noMatchesHint} />;
  } else if (view === 'grid') {
    body = <MediaGrid {...collection} />;
  } else if (view === 'list') {
    body = <MediaListView {...collection} onSelectAll={selectAll} />;
  } else {
    body = (
      <MediaTimeline
        {...collection}
        summary={date ? undefined : summary}
        filters={{ ...filters, search }}
        loadThrough={loadThrough}
        onSelectMonth={readOnly ? undefined : (month) => void selectMonth(month)}
        selectingMonth={selectingMonth}
      />
    );
  }

  return (
    <Stack gap="md">
      <MediaToolbar
        filters={filters}
        onFiltersChange={setFilters}
        view={view}
        onViewChange={setView}
        selectable={selectable}
        onSelectableChange={
          readOnly
            ? undefined
            : (on) => {
                setSelectable(on);
                if (!on) clear();
              }
        }
      />
      <SwipeHint />
      {selected.size > 0 && (
        <SelectionBar
          count={selected.size}
          onShare={() => setSharing(selectedItems)}
          onDelete={deleteSelected}
          onClear={clear}
          deleting={bulkDelete.isPending}
        />
      )}
      <Box {...swipe} mih={200}>
        {body}
        {list.isFetchingNextPage && (
          <Center py="md">
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                {summaryText.loadingMore}
              </Text>
            </Group>
          </Center>
        )}
        {list.isFetchNextPageError && (
          <Box pt="md">
            <LoadError message={t.loadFailed} onRetry={() => void list.fetchNextPage()} />
          </Box>
        )}
      </Box>
      <PreviewDialog
        item={preview}
        onClose={() => setPreviewId(null)}
        onShare={readOnly ? undefined : (item) => setSharing([item])}
        onRetry={readOnly ? undefined : (item) => retry.mutate(item)}
        onEditVideo={
          readOnly || !onEditVideo
            ? undefined
            : (item) => {
                setPreviewId(null);
                onEditVideo(item);
              }
        }
        retrying={retry.isPending}
      />
      <EditMediaDialog item={editing} onClose={() => setEditing(null)} />
      <ShareDialog items={sharing} onClose={() => setSharing(null)} />
    </Stack>
  );
}
