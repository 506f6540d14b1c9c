import { apiRequest } from '../../lib/api';
import type { JobStatus } from '../../lib/jobStatus';
import type { Reactions } from '../responses';

// Types and calls for the media library, as written in docs/API.md ("Media"). The upload itself
// (multipart POST with progress) lives in features/media-upload.

/** The API answers image, video, audio or pdf; the spec's entity also names "other", kept so a
 * file the browser cannot show still renders (as "Preview not available for this file type"). */
export type MediaType = 'image' | 'video' | 'audio' | 'pdf' | 'other';

export interface MediaItem {
  id: number;
  athleteId: number;
  title: string;
  description: string;
  /** YYYY-MM-DD (or an ISO timestamp). */
  date: string;
  createdAt: string;
  mediaType: MediaType;
  mimeType: string;
  /** What a browser can play or show (the H.264/AAC rendition of a video when one was made). */
  mediaUrl: string;
  /** The original file as an attachment. */
  downloadUrl: string;
  thumbnailUrl: string | null;
  /** Bytes of the original. */
  fileSize: number;
  /** Seconds. */
  duration: number | null;
  width: number | null;
  height: number | null;
  isFavorite: boolean;
  isPrivate: boolean;
  /** Shown on the athlete's public page (the showcase). */
  onShowcase?: boolean;
  tags: string[];
  /** The media_process job's state (lib/jobStatus): working while the thumbnail/rendition is made; failed: see statusReason. */
  status: JobStatus;
  statusReason: string;
  shareCode: string | null;
  /** Where it was taken ("Austin, Texas"), when the family shows places and the file knew; never coordinates. */
  place?: string | null;
  /** The family's comments on it (features/responses); absent from answers of before comments: none. */
  commentCount?: number;
  /** The family's reactions and the caller's own; absent: none. */
  reactions?: Reactions;
}

/** Body of PUT /api/media/{id}. */
export interface MediaItemInput {
  title: string;
  description: string;
  /** YYYY-MM-DD. */
  date: string;
  tags: string[];
  isPrivate: boolean;
}

/** Answer of POST /api/media/{id}/share (the existing code when there is one). */
export interface MediaShare {
  shareCode: string;
  shareUrl: string;
}

/** How many items of each type; every type is named. */
export type MediaTypeCounts = Record<Exclude<MediaType, 'other'>, number>;

/** GET …/media/summary: the library counted as the caller sees it, without its rows. */
export interface MediaSummary {
  total: number;
  favorites: number;
  byType: MediaTypeCounts;
  /** Newest first, only months with items. */
  months: { month: string; total: number; byType: MediaTypeCounts }[];
}

/** What the library's list is asked for: the server filters inside each page (docs/API.md, "Media"). */
export interface MediaQuery {
  type?: Exclude<MediaType, 'other'>;
  favorite?: boolean;
  /** Words that must each start a word of the title, description or a tag. */
  q?: string;
  /** One day (YYYY-MM-DD), a milestone's 'View media'; the server ignores the other filters then. */
  date?: string;
}

export interface MediaUsage {
  usedBytes: number;
  quotaBytes: number;
  maxFileBytes: number;
  /** The refusal of a file over maxFileBytes in the plan's words, naming the plan that takes it. */
  fileTooLargeMessage?: string;
}

export const mediaUrls = {
  list: (athleteId: number) => `/api/athletes/${athleteId}/media`,
  summary: (athleteId: number) => `/api/athletes/${athleteId}/media/summary`,
  usage: (athleteId: number) => `/api/athletes/${athleteId}/media/usage`,
  item: (id: number) => `/api/media/${id}`,
  favorite: (id: number) => `/api/media/${id}/favorite`,
  share: (id: number) => `/api/media/${id}/share`,
  retry: (id: number) => `/api/media/${id}/retry`,
  showcase: (id: number) => `/api/media/${id}/showcase`,
} as const;

/** The list's URL with the filters that are set, in a fixed order (a page's limit and cursor come from lib/pages). */
export function mediaListUrl(athleteId: number, query: MediaQuery = {}): string {
  const params = new URLSearchParams();
  if (query.date) params.set('date', query.date);
  if (query.type) params.set('type', query.type);
  if (query.favorite) params.set('favorite', 'true');
  const q = query.q?.trim();
  if (q) params.set('q', q);
  const text = params.toString();
  return `${mediaUrls.list(athleteId)}${text ? `?${text}` : ''}`;
}

export const fetchMediaSummary = (athleteId: number) => apiRequest<MediaSummary>('GET', mediaUrls.summary(athleteId));
export const fetchMediaUsage = (athleteId: number) => apiRequest<MediaUsage>('GET', mediaUrls.usage(athleteId));
export const fetchMediaItem = (id: number) => apiRequest<MediaItem>('GET', mediaUrls.item(id));
export const updateMedia = (id: number, input: MediaItemInput) =>
  apiRequest<MediaItem>('PUT', mediaUrls.item(id), input);
export const deleteMedia = (id: number) => apiRequest<void>('DELETE', mediaUrls.item(id));
export const toggleMediaFavorite = (id: number) => apiRequest<MediaItem>('PATCH', mediaUrls.favorite(id));
/** A private item gets a link only with makeShareable, which also makes it not private (else 409). */
export const createMediaShare = (id: number, makeShareable = false) =>
  apiRequest<MediaShare>('POST', mediaUrls.share(id), makeShareable ? { makeShareable } : undefined);
/** Try again on an item whose processing failed (409 otherwise). */
export const retryMedia = (id: number) => apiRequest<MediaItem>('POST', mediaUrls.retry(id));
export const deleteMediaShare = (id: number) => apiRequest<void>('DELETE', mediaUrls.share(id));
/** On or off the athlete's public page (the showcase); the server refuses a private item (409). */
export const setMediaShowcase = (id: number, onShowcase: boolean) =>
  apiRequest<MediaItem>('PATCH', mediaUrls.showcase(id), { onShowcase });
