import { memo, useState, type CSSProperties } from 'react';
import { Badge, Loader, Text, Tooltip } from '@mantine/core';
import { IconEye, IconMessageCircle, IconPlayerPlayFilled, IconStar, IconStarFilled } from '@tabler/icons-react';
import { responsesText } from '../../responses';
import type { MediaItem } from '../api';
import { durationLabel, mediaDateLabel, PAGE_BACKGROUND, pictureFit, tileImageUrl } from '../mediaRules';
import { tileText as t } from '../strings';
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

/** The size a thumbnail is drawn at (the worker's square thumbnails): the browser knows a tile's box before the image arrives. */
const THUMB_PX = 320;

/**
 * One item in the grid: its picture (or a type icon), status, and the overlay with title and date,
 * favorite, view and the menu, shown on hover or after a long press (spec: "Media tile").
 *
 * A tile is what mounts as the library scrolls, a row at a time, so it is plain elements styled by its
 * CSS module rather than Mantine components (a dozen of those made each row that scrolled in a long
 * task), its image decodes off the main thread, and nothing in it subscribes to the query or mutation
 * caches: the favorite asks the library (one mutation for all tiles) and the menu's Mantine Menu is only
 * mounted when it is first opened. Memoised: the grid renders again as it scrolls, and a tile whose item,
 * selection and (stable) callbacks are unchanged does not.
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
    <article
      className={classes.tile}
      data-selected={selected || undefined}
      data-testid={`media-tile-${item.id}`}
      aria-label={item.title}
      onContextMenu={(e) => {
        // A long press on a phone would also open the browser's image menu; a right click keeps it.
        const pointer = (e.nativeEvent as Partial<PointerEvent>).pointerType;
        if (longPress.shown || pointer === 'touch') e.preventDefault();
      }}
      {...longPress.handlers}
    >
      <button
        type="button"
        className={classes.face}
        onClick={onFaceClick}
        aria-label={selectable ? t.selectItem(item.title) : openLabel(item)}
        aria-pressed={selectable ? selected : undefined}
      >
        <TileFace item={item} />
      </button>
      <TileStatus item={item} />
      <div className={classes.overlay} data-visible={overlayShown || undefined} data-testid="media-tile-overlay">
        <div className={classes.actions}>
          {/* Read-only: the face's own star shows a favorite; there is nothing to toggle. */}
          {!actions.readOnly && <FavoriteButton item={item} onFavorite={actions.onFavorite} />}
          <button type="button" className={`${classes.control} ${classes.overlayControl}`} aria-label={`${t.view} ${item.title}`} onClick={() => actions.onView(item)}>
            <IconEye size={16} />
          </button>
          <TileMenu item={item} actions={actions} className={`${classes.control} ${classes.overlayControl}`} onOpenChange={setMenuOpen} />
        </div>
        <div className={classes.caption}>
          <div className={classes.captionTitle}>{item.title}</div>
          <div className={classes.captionDate}>{mediaDateLabel(item)}</div>
        </div>
      </div>
      {!actions.readOnly && (
        <div className={classes.check} data-shown={selectable || selected || undefined}>
          <input type="checkbox" className={classes.checkbox} checked={selected} onChange={() => onToggleSelect(item)} aria-label={t.selectItem(item.title)} />
        </div>
      )}
    </article>
  );
});

/** "Open Walk-off double", and how many comments it has when it has any (the face's mark says it to the eye). */
function openLabel(item: MediaItem): string {
  const comments = item.commentCount ?? 0;
  return comments > 0 ? `${t.openItem(item.title)}, ${responsesText.comments(comments)}` : t.openItem(item.title);
}

/** The star: PATCH …/favorite flips it (through the library's one mutation), busy until it answers. */
function FavoriteButton({ item, onFavorite }: { item: MediaItem; onFavorite: MediaActions['onFavorite'] }) {
  const [busy, setBusy] = useState(false);
  const flip = () => {
    setBusy(true);
    void onFavorite(item).finally(() => setBusy(false));
  };
  return (
    <button
      type="button"
      className={`${classes.control} ${classes.overlayControl}`}
      data-favorite={item.isFavorite || undefined}
      aria-label={item.isFavorite ? t.removeFavorite : t.addFavorite}
      aria-pressed={item.isFavorite}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={flip}
    >
      {busy ? <span className={classes.spinner} aria-hidden /> : item.isFavorite ? <IconStarFilled size={16} /> : <IconStar size={16} />}
    </button>
  );
}

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
          width={THUMB_PX}
          height={THUMB_PX}
          loading="lazy"
          decoding="async"
          draggable={false}
          style={pictureFit(item).page ? { objectFit: 'contain', background: PAGE_BACKGROUND, padding: 8 } : undefined}
        />
      ) : isWorking(item.status) ? null /* TileStatus covers the tile, title included */ : (
        <div className={classes.placeholder}>
          <span className={classes.typeIcon} style={typeColors(item)}>
            <MediaTypeIcon type={item.mediaType} size={26} />
          </span>
          <span className={classes.placeholderTitle}>{item.title}</span>
        </div>
      )}
      {item.mediaType === 'video' && item.status !== 'failed' && (
        <span className={`${classes.badge} ${classes.typeBadge}`}>
          <IconPlayerPlayFilled size={10} aria-hidden />
          {duration ?? t.videoBadge}
        </span>
      )}
      {item.mediaType === 'pdf' && <span className={`${classes.badge} ${classes.typeBadge} ${classes.pdfBadge}`}>{t.pdfBadge}</span>}
      {(item.commentCount ?? 0) > 0 && item.status !== 'failed' && (
        <span className={`${classes.badge} ${classes.commentBadge}`} data-testid="media-tile-comments">
          <IconMessageCircle size={10} aria-hidden />
          {item.commentCount}
        </span>
      )}
      {item.isFavorite && (
        <span className={classes.star} aria-hidden>
          <IconStarFilled size={12} />
        </span>
      )}
    </>
  );
}

/** The type's colour, as Mantine's light variant draws it. */
function typeColors(item: MediaItem): CSSProperties {
  const color = mediaTypeColor[item.mediaType] ?? mediaTypeColor.other;
  return { background: `var(--mantine-color-${color}-light)`, color: `var(--mantine-color-${color}-light-color)` };
}

/** processing: a spinner over the tile; failed: a red badge with the reason. Both are rare, so Mantine draws them. */
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
