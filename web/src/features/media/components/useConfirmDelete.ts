import type { MediaItem } from '../api';
import { useDeleteMediaMutation } from '../queries';
import { tileText } from '../strings';

/** Delete after the browser's confirmation (spec section 5), from the tile's menu or the list. */
export function useConfirmDelete() {
  const remove = useDeleteMediaMutation();
  return {
    isPending: remove.isPending,
    confirmDelete: (item: MediaItem) => {
      if (window.confirm(tileText.confirmDelete)) remove.mutate(item);
    },
  };
}
