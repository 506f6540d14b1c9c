import { SimpleGrid } from '@mantine/core';
import type { MediaItem } from '../api';
import type { MediaActions } from './mediaActions';
import { MediaTile } from './MediaTile';

export interface MediaCollectionProps {
  items: MediaItem[];
  actions: MediaActions;
  selected: ReadonlySet<number>;
  selectable: boolean;
  onToggleSelect: (item: MediaItem) => void;
}

/** Two columns on a phone, four or more on a desktop. */
export function MediaGrid({ items, actions, selected, selectable, onToggleSelect }: MediaCollectionProps) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 5 }} spacing={{ base: 'xs', sm: 'md' }} data-testid="media-grid">
      {items.map((item) => (
        <MediaTile
          key={item.id}
          item={item}
          actions={actions}
          selected={selected.has(item.id)}
          selectable={selectable}
          onToggleSelect={onToggleSelect}
        />
      ))}
    </SimpleGrid>
  );
}
