import { IconFile, IconFileTypePdf, IconMusic, IconPhoto, IconVideo } from '@tabler/icons-react';
import type { MediaType } from '../api';

const icons = { image: IconPhoto, video: IconVideo, audio: IconMusic, pdf: IconFileTypePdf, other: IconFile } as const;

export function MediaTypeIcon({ type, size = 20 }: { type: MediaType; size?: number }) {
  const Icon = icons[type] ?? IconFile;
  return <Icon size={size} aria-hidden />;
}

/** A colour per type, for the icon tiles of files without a picture. */
export const mediaTypeColor: Record<MediaType, string> = {
  image: 'navy',
  video: 'grape',
  audio: 'teal',
  pdf: 'red',
  other: 'gray',
};
