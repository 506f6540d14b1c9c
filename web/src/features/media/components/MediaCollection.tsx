import { useMemo, useState, type ReactNode } from 'react';
import { Box, Stack } from '@mantine/core';
import { IconPhoto, IconSearch } from '@tabler/icons-react';
import { EmptyNote } from '../../../components/EmptyNote';
import type { MediaItem } from '../api';
import { MEDIA_VIEWS, confirmSharing, filterMedia, type MediaFilters, type MediaView } from '../mediaRules';
import { useBulkDeleteMutation, useBulkShareMutation, useCreateShareMutation, useRetryMediaMutation, type BulkShareResult } from '../queries';
import { mediaText as t, tileText } from '../strings';
import { BulkShareDialog } from './BulkShareDialog';
import { EditMediaDialog } from './EditMediaDialog';
import type { MediaActions } from './mediaActions';
import { MediaGrid } from './MediaGrid';
import { MediaListView } from './MediaListView';
import { MediaTimeline } from './MediaTimeline';
import { MediaToolbar } from './MediaToolbar';
import { PreviewDialog } from './PreviewDialog';
import { SelectionBar } from './SelectionBar';
import { ShareDialog, type ShareTarget } from './ShareDialog';
import { SwipeHint } from './SwipeHint';
import { useSwipe } from './useSwipe';

interface MediaCollectionProps {
  /** The athlete's whole library; search and filters narrow it here, on the client. */
  items: MediaItem[];
  /** The Upload button, offered again in the empty state. */
  upload?: ReactNode;
  onEditVideo?: (item: MediaItem) => void;
  /** For family members who may not edit: view and download only (see MediaActions). */
  readOnly?: boolean;
}

const noFilters: MediaFilters = { search: '', type: 'all', favoritesOnly: false };

/** Filters, the three views, selection with bulk Share/Delete, and the dialogs a tile opens. */
export function MediaCollection({ items, upload, onEditVideo, readOnly = false }: MediaCollectionProps) {
  const [filters, setFilters] = useState(noFilters);
  const [view, setView] = useState<MediaView>('grid');
  const [selectable, setSelectable] = useState(false);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(new Set());
  // The preview follows the list by id, so a favorite or a finished processing run shows in it.
  const [previewId, setPreviewId] = useState<number | null>(null);
  const [editing, setEditing] = useState<MediaItem | null>(null);
  const [share, setShare] = useState<ShareTarget | null>(null);
  const [bulkLinks, setBulkLinks] = useState<BulkShareResult[] | null>(null);
  const createShare = useCreateShareMutation();
  const bulkDelete = useBulkDeleteMutation();
  const bulkShare = useBulkShareMutation();
  const retry = useRetryMediaMutation();

  const shown = useMemo(() => filterMedia(items, filters), [items, filters]);
  // Items deleted (here or elsewhere) drop out of the selection.
  const selectedItems = items.filter((item) => selectedIds.has(item.id));
  const selected: ReadonlySet<number> = new Set(selectedItems.map((item) => item.id));
  const preview = items.find((item) => item.id === previewId) ?? null;

  const actions: MediaActions = {
    onView: (item) => setPreviewId(item.id),
    onEdit: setEditing,
    onShare: (item) => {
      if (!confirmSharing([item])) return;
      createShare.mutate(item, { onSuccess: ({ shareCode }) => setShare({ item, shareCode }) });
    },
    onEditVideo,
    readOnly,
  };
  const toggle = (item: MediaItem) =>
    setSelectedIds((ids) => {
      const next = new Set(ids);
      if (!next.delete(item.id)) next.add(item.id);
      return next;
    });
  const selectAll = (all: boolean) => setSelectedIds(all ? new Set(shown.map((item) => item.id)) : new Set());
  const clear = () => setSelectedIds(new Set());

  const deleteSelected = () => {
    const question = selectedItems.length === 1 ? tileText.confirmDelete : tileText.confirmDeleteMany(selectedItems.length);
    if (!window.confirm(question)) return;
    bulkDelete.mutate(selectedItems, {
      onSuccess: ({ deleted }) => setSelectedIds((ids) => new Set([...ids].filter((id) => !deleted.includes(id)))),
    });
  };
  const shareSelected = () => {
    if (!confirmSharing(selectedItems)) return;
    bulkShare.mutate(selectedItems, { onSuccess: setBulkLinks });
  };

  const swipe = useSwipe((direction) =>
    setView((current) => {
      const next = MEDIA_VIEWS.indexOf(current) - direction;
      return MEDIA_VIEWS[Math.min(MEDIA_VIEWS.length - 1, Math.max(0, next))]!;
    }),
  );

  const collection = { items: shown, actions, selected, selectable, onToggleSelect: toggle };
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
          onShare={shareSelected}
          onDelete={deleteSelected}
          onClear={clear}
          sharing={bulkShare.isPending}
          deleting={bulkDelete.isPending}
        />
      )}
      <Box {...swipe} mih={200}>
        {items.length === 0 ? (
          readOnly ? (
            <EmptyNote icon={<IconPhoto size={22} />} title={t.noMediaShared} description={t.noMediaSharedHint} />
          ) : (
            <EmptyNote icon={<IconPhoto size={22} />} title={t.noMedia} description={t.noMediaHint} action={upload} />
          )
        ) : shown.length === 0 ? (
          <EmptyNote icon={<IconSearch size={22} />} title={t.noMatches} description={t.noMatchesHint} />
        ) : view === 'grid' ? (
          <MediaGrid {...collection} />
        ) : view === 'list' ? (
          <MediaListView {...collection} onSelectAll={selectAll} />
        ) : (
          <MediaTimeline {...collection} />
        )}
      </Box>
      <PreviewDialog
        item={preview}
        onClose={() => setPreviewId(null)}
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
      <ShareDialog share={share} onClose={() => setShare(null)} />
      <BulkShareDialog results={bulkLinks} onClose={() => setBulkLinks(null)} />
    </Stack>
  );
}
