import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import type { MediaItem } from '../api';
import { useFavoriteMediaMutation } from '../queries';
import { tileText as t } from '../strings';

interface FavoriteButtonProps extends Omit<ActionIconProps, 'children'> {
  item: MediaItem;
  className?: string;
}

/** The star: PATCH …/favorite flips it. */
export function FavoriteButton({ item, className, ...props }: FavoriteButtonProps) {
  const favorite = useFavoriteMediaMutation();
  return (
    <ActionIcon
      variant="filled"
      color={item.isFavorite ? 'gold' : 'dark'}
      radius="xl"
      aria-label={item.isFavorite ? t.removeFavorite : t.addFavorite}
      aria-pressed={item.isFavorite}
      loading={favorite.isPending}
      onClick={() => favorite.mutate(item)}
      className={className}
      {...props}
    >
      {item.isFavorite ? <IconStarFilled size={16} /> : <IconStar size={16} />}
    </ActionIcon>
  );
}
