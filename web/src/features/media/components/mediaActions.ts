import type { MediaItem } from '../api';

/**
 * What a tile or row can ask the library to do; deleting the menu does itself. The library keeps these
 * the same from render to render, so a memoised tile is not drawn again for a new set of callbacks.
 */
export interface MediaActions {
  onView: (item: MediaItem) => void;
  onShare: (item: MediaItem) => void;
  onEdit: (item: MediaItem) => void;
  /** Flips the favorite (PATCH …/favorite); settles when the server has answered, failed or not. */
  onFavorite: (item: MediaItem) => Promise<unknown>;
  /** The video editor; without it the menu has no Edit Video item. */
  onEditVideo?: (item: MediaItem) => void;
  /**
   * For family members who may not edit: View and Download only. No Share, Edit, Edit Video or Delete,
   * no favorite toggle (the star still shows) and no selection.
   */
  readOnly?: boolean;
}
