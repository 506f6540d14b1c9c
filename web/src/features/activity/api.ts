import { apiRequest } from '../../lib/api';

// Types and calls of "What's new", as written in docs/API.md ("What's new").

/**
 * What happened: an item added (journal, media, milestone, achievement), a comment or reaction on one, or
 * (for those who manage recruiting) a coach's first open of a coach link.
 */
export type ActivityKind = 'journal' | 'media' | 'milestone' | 'achievement' | 'comment' | 'reaction' | 'coach_link';

/** The kind of item a row is about (for a comment or reaction, the item it answers). */
export type ActivityItemType = 'journal' | 'media' | 'milestone' | 'achievement' | 'recruiting';

/** One row of a member's feed of an athlete, newest first. */
export interface Activity {
  kind: ActivityKind;
  id: number;
  /** RFC 3339: when it happened. */
  at: string;
  /** Who did it; '' when the item does not say. */
  actorName: string;
  itemType: ActivityItemType;
  itemId: number;
  /** The item's title; for a comment or reaction, the title of the item it answers. */
  title: string;
  /** A comment's first words. */
  excerpt?: string;
  /** A reaction's emoji. */
  emoji?: string;
  /** A media item's type (image, video, audio, pdf, other). */
  mediaType?: string;
  thumbnailUrl?: string;
  /** It came after the member last looked (PUT …/seen). */
  unread: boolean;
}

/** How many of the feed's newest 100 rows came after the member last looked. */
export interface UnreadActivity {
  unread: number;
}

export const activityUrls = {
  feed: (athleteId: number) => `/api/athletes/${athleteId}/activity`,
  unread: (athleteId: number) => `/api/athletes/${athleteId}/activity/unread`,
  seen: (athleteId: number) => `/api/athletes/${athleteId}/activity/seen`,
} as const;

export const fetchUnreadActivity = (athleteId: number) => apiRequest<UnreadActivity>('GET', activityUrls.unread(athleteId));
export const markActivitySeen = (athleteId: number) => apiRequest<UnreadActivity>('PUT', activityUrls.seen(athleteId));
