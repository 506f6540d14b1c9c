import { ThemeIcon } from '@mantine/core';
import {
  IconFile,
  IconFileText,
  IconFlag,
  IconHeart,
  IconLink,
  IconMessageCircle,
  IconMicrophone,
  IconNotebook,
  IconPhoto,
  IconTrophy,
  IconVideo,
  type Icon,
} from '@tabler/icons-react';
import type { Activity, ActivityKind } from '../api';

const kindIcons: Record<ActivityKind, { icon: Icon; color: string }> = {
  journal: { icon: IconNotebook, color: 'blue' },
  media: { icon: IconPhoto, color: 'teal' },
  milestone: { icon: IconFlag, color: 'grape' },
  achievement: { icon: IconTrophy, color: 'yellow' },
  comment: { icon: IconMessageCircle, color: 'cyan' },
  reaction: { icon: IconHeart, color: 'pink' },
  coach_link: { icon: IconLink, color: 'orange' },
};

const mediaIcons: Record<string, Icon> = { image: IconPhoto, video: IconVideo, audio: IconMicrophone, pdf: IconFileText };

/** A row's kind at a glance; a media row's icon says which kind of media. Decorative: the sentence says it. */
export function ActivityKindIcon({ activity }: { activity: Pick<Activity, 'kind' | 'mediaType'> }) {
  const { icon, color } = kindIcons[activity.kind];
  const Shown = activity.kind === 'media' ? (mediaIcons[activity.mediaType ?? ''] ?? IconFile) : icon;
  return (
    <ThemeIcon variant="light" color={color} radius="xl" size={32} aria-hidden>
      <Shown size={18} stroke={1.7} />
    </ThemeIcon>
  );
}
