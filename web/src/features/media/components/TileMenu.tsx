import { useState, type ReactElement } from 'react';
import { Menu } from '@mantine/core';
import { IconDots, IconDownload, IconEye, IconMovie, IconPencil, IconShare, IconTrash } from '@tabler/icons-react';
import type { MediaItem } from '../api';
import { tileText as t } from '../strings';
import type { MediaActions } from './mediaActions';
import { useConfirmDelete } from './useConfirmDelete';

interface TileMenuProps {
  item: MediaItem;
  actions: MediaActions;
  /** The button's classes (the tile's overlay controls). */
  className?: string;
  onOpenChange?: (opened: boolean) => void;
}

/**
 * View, Download, Share, Edit Video (video only, when an editor is given), Edit, Delete (spec); read-only:
 * View, Download. Until it is first opened it is a plain button: a Mantine Menu (its floating position,
 * focus trap and the delete mutation) on every tile that scrolls into view was most of a tile's cost, and
 * few tiles' menus are ever opened. Once opened it stays a Menu, so closing it animates and returns focus.
 */
export function TileMenu({ item, actions, className, onOpenChange }: TileMenuProps) {
  const [state, setState] = useState<'never' | 'open' | 'closed'>('never');
  const change = (opened: boolean) => {
    setState(opened ? 'open' : 'closed');
    onOpenChange?.(opened);
  };
  const button = (
    <button type="button" className={className} aria-label={t.actions} aria-haspopup="menu" onClick={state === 'never' ? () => change(true) : undefined}>
      <IconDots size={18} />
    </button>
  );
  if (state === 'never') return button;
  return <OpenedMenu item={item} actions={actions} opened={state === 'open'} onChange={change} target={button} />;
}

function OpenedMenu({ item, actions, opened, onChange, target }: { item: MediaItem; actions: MediaActions; opened: boolean; onChange: (opened: boolean) => void; target: ReactElement }) {
  const { confirmDelete } = useConfirmDelete();
  return (
    <Menu opened={opened} onChange={onChange} position="bottom-end" withinPortal shadow="md" width={200} returnFocus>
      <Menu.Target>{target}</Menu.Target>
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
