import { getOrNull } from '../../lib/api';

// The public share lookup (docs/API.md, "Media": GET /api/share/{code}). No sign-in: anyone with the
// link may look, and the URLs inside work for this one item only.

export type SharedMediaType = 'image' | 'video' | 'audio' | 'pdf';

export interface SharedMedia {
  title: string;
  description: string;
  mediaType: SharedMediaType;
  /** YYYY-MM-DD (or an ISO timestamp). */
  date: string;
  athleteName: string;
  sportType: string;
  /** Under /api/share/{code}/…; playable or showable by a browser. */
  mediaUrl: string;
  thumbnailUrl: string | null;
}

export const shareUrls = {
  shared: (code: string) => `/api/share/${encodeURIComponent(code)}`,
} as const;

/** The shared item, or null when the code does not exist or sharing was turned off (404). */
export const fetchSharedMedia = (code: string) => getOrNull<SharedMedia>(shareUrls.shared(code), [404]);
