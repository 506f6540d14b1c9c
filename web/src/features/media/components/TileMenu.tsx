import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconDownload, IconEye, IconMovie, IconPencil, IconShare, IconTrash } from '@tabler/icons-react';
import type { MediaItem } from '../api';
import { tileText as t } from '../strings';
import type { MediaActions } from './mediaActions';
import { useConfirmDelete } from './useConfirmDelete';

interface TileMenuProps {
  item: MediaItem;
  actions: MediaActions;
  className?: string;
  onOpenChange?: (opened: boolean) => void;
}

/** View, Download, Share, Edit Video (video only, when an editor is given), Edit, Delete (spec); read-only: View, Download. */
export function TileMenu({ item, actions, className, onOpenChange }: TileMenuProps) {
  const { confirmDelete } = useConfirmDelete();
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={200} onChange={onOpenChange}>
      <Menu.Target>
        <ActionIcon variant="filled" color="dark" radius="xl" aria-label={t.actions} className={className}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEye size={16} />} onClick={() => actions.onView(item)}>
          {t.view}
        </Menu.Item>
        <Menu.Item leftSection={<IconDownload size={16} />} component="a" href={item.downloadUrl} download>
          {t.download}
        </Menu.Item>
        {!actions.readOnly && (
          <>
            <Menu.Item leftSection={<IconShare size={16} />} onClick={() => actions.onShare(item)}>
              {t.share}
            </Menu.Item>
            {item.mediaType === 'video' && actions.onEditVideo && (
              <Menu.Item leftSection={<IconMovie size={16} />} onClick={() => actions.onEditVideo?.(item)}>
                {t.editVideo}
              </Menu.Item>
            )}
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => actions.onEdit(item)}>
              {t.edit}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => confirmDelete(item)}>
              {t.delete}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
