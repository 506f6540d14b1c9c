import type { MediaItem } from '../api';

/** What a tile or row can ask the library to open; deleting and favoriting they do themselves. */
export interface MediaActions {
  onView: (item: MediaItem) => void;
  onShare: (item: MediaItem) => void;
  onEdit: (item: MediaItem) => void;
  /** The video editor; without it the menu has no Edit Video item. */
  onEditVideo?: (item: MediaItem) => void;
  /**
   * For family members who may not edit: View and Download only. No Share, Edit, Edit Video or Delete,
   * no favorite toggle (the star still shows) and no selection.
   */
  readOnly?: boolean;
}
