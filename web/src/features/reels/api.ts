import { apiRequest } from '../../lib/api';
import type { JobState } from '../../lib/jobStatus';
import type { MediaItem } from '../media';

// Types and calls of highlight reels, as written in docs/API.md ("Highlight reels").

export type ReelFormat = 'landscape' | 'vertical';

/** A title or end slide's lines, prefilled from the profile. */
export interface ReelSlide {
  name: string;
  number: string;
  position: string;
  classYear: string;
  school: string;
  contact: string;
}

/** A ring around the athlete in one clip: `at` seconds in, for `seconds`, at x, y (fractions of the picture). */
export interface ReelSpotlight {
  clipId: number;
  at: number;
  x: number;
  y: number;
  seconds: number;
}

/** Body of POST /api/athletes/{id}/reels and PUT /api/reels/{id}. */
export interface ReelInput {
  title: string;
  clipIds: number[];
  titleSlide: ReelSlide | null;
  endSlide?: ReelSlide | null;
  spotlight?: ReelSpotlight[];
  formats: ReelFormat[];
}

/** A reel and its render's job state; outputs (a media item per format) once it is ready. */
export interface Reel extends JobState {
  id: number;
  athleteId: number;
  title: string;
  clipIds: number[];
  titleSlide: ReelSlide | null;
  endSlide: ReelSlide | null;
  spotlight: ReelSpotlight[];
  formats: ReelFormat[];
  outputs: { format: ReelFormat; mediaId: number }[];
  createdAt: string;
  updatedAt: string;
}

export const reelUrls = {
  create: (athleteId: number) => `/api/athletes/${athleteId}/reels`,
  reel: (reelId: number) => `/api/reels/${reelId}`,
  media: (mediaId: number) => `/api/media/${mediaId}`,
} as const;

/** 202 with the reel pending: its reel_render job is queued. */
export const createReel = (athleteId: number, input: ReelInput) => apiRequest<Reel>('POST', reelUrls.create(athleteId), input);
export const fetchReel = (reelId: number) => apiRequest<Reel>('GET', reelUrls.reel(reelId));
/** A rendered reel, as the media library has it (its playable URL). */
export const fetchReelVideo = (mediaId: number) => apiRequest<MediaItem>('GET', reelUrls.media(mediaId));
