import { memo, useState } from 'react';
import { ActionIcon, Badge, Box, Checkbox, Loader, Text, ThemeIcon, Tooltip, UnstyledButton } from '@mantine/core';
import { IconEye, IconPlayerPlayFilled, IconStarFilled } from '@tabler/icons-react';
import type { MediaItem } from '../api';
import { durationLabel, mediaDateLabel, PAGE_BACKGROUND, pictureFit, tileImageUrl } from '../mediaRules';
import { tileText as t } from '../strings';
import { FavoriteButton } from './FavoriteButton';
import type { MediaActions } from './mediaActions';
import { MediaTypeIcon, mediaTypeColor } from './MediaTypeIcon';
import classes from './MediaTile.module.css';
import { TileMenu } from './TileMenu';
import { useLongPress } from './useLongPress';
import { isWorking } from '../../../lib/jobStatus';

interface MediaTileProps {
  item: MediaItem;
  actions: MediaActions;
  selected: boolean;
  /** Selectable mode: a click toggles the selection instead of opening the preview. */
  selectable: boolean;
  onToggleSelect: (item: MediaItem) => void;
}

/**
 * One item in the grid: its picture (or a type icon), status, and the overlay with title and date,
 * favorite, view and the menu, shown on hover or after a long press (spec: "Media tile"). Memoised: the
 * grid renders again whenever the rows on the screen change, and the tiles already there need not.
 */
export const MediaTile = memo(function MediaTile({ item, actions, selected, selectable, onToggleSelect }: MediaTileProps) {
  const longPress = useLongPress();
  const [menuOpen, setMenuOpen] = useState(false);
  const overlayShown = longPress.shown || menuOpen;

  const onFaceClick = () => {
    if (longPress.consumeClick()) return;
    if (selectable) onToggleSelect(item);
    else actions.onView(item);
  };

  return (
    <Box
      className={classes.tile}
      data-selected={selected || undefined}
      data-testid={`media-tile-${item.id}`}
      component="article"
      aria-label={item.title}
      onContextMenu={(e) => {
        // A long press on a phone would also open the browser's image menu; a right click keeps it.
        const pointer = (e.nativeEvent as Partial<PointerEvent>).pointerType;
        if (longPress.shown || pointer === 'touch') e.preventDefault();
      }}
      {...longPress.handlers}
    >
      <UnstyledButton
        className={classes.face}
        onClick={onFaceClick}
        aria-label={selectable ? t.selectItem(item.title) : t.openItem(item.title)}
        aria-pressed={selectable ? selected : undefined}
      >
        <TileFace item={item} />
      </UnstyledButton>
      <TileStatus item={item} />
      <div className={classes.overlay} data-visible={overlayShown || undefined} data-testid="media-tile-overlay">
        <div className={classes.actions}>
          {/* Read-only: the face's own star shows a favorite; there is nothing to toggle. */}
          {!actions.readOnly && <FavoriteButton item={item} className={classes.overlayControl} />}
          <ActionIcon
            variant="filled"
            color="dark"
            radius="xl"
            aria-label={`${t.view} ${item.title}`}
            className={classes.overlayControl}
            onClick={() => actions.onView(item)}
          >
            <IconEye size={16} />
          </ActionIcon>
          <TileMenu item={item} actions={actions} className={classes.overlayControl} onOpenChange={setMenuOpen} />
        </div>
        <div className={classes.caption}>
          <Text size="sm" fw={600} lineClamp={2} c="white">
            {item.title}
          </Text>
          <Text size="xs" c="gray.3">
            {mediaDateLabel(item)}
          </Text>
        </div>
      </div>
      {!actions.readOnly && (
        <div className={classes.check} data-shown={selectable || selected || undefined}>
          <Checkbox checked={selected} onChange={() => onToggleSelect(item)} aria-label={t.selectItem(item.title)} size="md" radius="sm" />
        </div>
      )}
    </Box>
  );
});

/** The picture: a thumbnail (or the image itself), else the type's icon with the title. */
function TileFace({ item }: { item: MediaItem }) {
  const src = tileImageUrl(item);
  const duration = item.mediaType === 'video' ? durationLabel(item.duration) : null;
  return (
    <>
      {src ? (
        <img
          className={classes.image}
          src={src}
          alt=""
          loading="lazy"
          draggable={false}
          style={pictureFit(item).page ? { objectFit: 'contain', background: PAGE_BACKGROUND, padding: 8 } : undefined}
        />
      ) : isWorking(item.status) ? null /* TileStatus covers the tile, title included */ : (
        <div className={classes.placeholder}>
          <ThemeIcon variant="light" color={mediaTypeColor[item.mediaType]} size={48} radius="xl">
            <MediaTypeIcon type={item.mediaType} size={26} />
          </ThemeIcon>
          <Text size="sm" fw={500} lineClamp={2} className={classes.placeholderTitle}>
            {item.title}
          </Text>
        </div>
      )}
      {item.mediaType === 'video' && item.status !== 'failed' && (
        <Badge
          className={classes.typeBadge}
          variant="filled"
          color="dark"
          size="sm"
          tt="none"
          leftSection={<IconPlayerPlayFilled size={10} aria-hidden />}
        >
          {duration ?? t.videoBadge}
        </Badge>
      )}
      {item.mediaType === 'pdf' && (
        <Badge className={classes.typeBadge} variant="filled" color="red" size="sm" tt="none">
          {t.pdfBadge}
        </Badge>
      )}
      {item.isFavorite && (
        <ThemeIcon variant="filled" color="gold" size="sm" radius="xl" pos="absolute" top={8} right={8} aria-hidden>
          <IconStarFilled size={12} />
        </ThemeIcon>
      )}
    </>
  );
}

/** processing: a spinner over the tile; failed: a red badge with the reason. */
function TileStatus({ item }: { item: MediaItem }) {
  if (isWorking(item.status)) {
    return (
      <div className={classes.processing} role="status">
        <Loader size="sm" color="white" />
        <Text size="sm" fw={600} c="white">
          {t.processing}
        </Text>
        <Text size="xs" c="gray.3" lineClamp={2}>
          {item.title}
        </Text>
      </div>
    );
  }
  if (item.status === 'failed') {
    const reason = item.statusReason || t.failed;
    return (
      <Tooltip label={reason} multiline maw={260} withArrow>
        <Badge className={classes.failed} color="red" variant="filled" size="md" radius="sm" tt="none" tabIndex={0}>
          {reason}
        </Badge>
      </Tooltip>
    );
  }
  return null;
}
