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

/** A part of a clip a one-minute film keeps: `start` to `end` seconds into clip `clipId`. */
export interface ReelSegment {
  clipId: number;
  start: number;
  end: number;
}

/** Body of POST /api/athletes/{id}/reels and PUT /api/reels/{id}. */
export interface ReelInput {
  title: string;
  clipIds: number[];
  titleSlide: ReelSlide | null;
  endSlide?: ReelSlide | null;
  spotlight?: ReelSpotlight[];
  formats: ReelFormat[];
  /** A film's cuts, sent back as they came so an edit keeps them. */
  segments?: ReelSegment[];
}

/** Body of POST /api/athletes/{id}/season-films: the season's highlights cut to about `seconds`. */
export interface SeasonFilmInput {
  title: string;
  from: string;
  to: string;
  formats: ReelFormat[];
  seconds: number;
}

/** A reel the family built clip by clip, or a film cut from a season's highlights. */
export type ReelKind = 'reel' | 'film';

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
  kind: ReelKind;
  /** A film's cuts; null for a reel of whole clips. */
  segments: ReelSegment[] | null;
  /** A film's season; null for a reel. */
  from: string | null;
  to: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * Whether the reel is a film still waiting for the season's highlight detection: asked for before
 * detection had run on all of its videos, it has no clips until the server has chosen its segments.
 */
export function findingHighlights(reel: Pick<Reel, 'kind' | 'clipIds' | 'status'>): boolean {
  return reel.kind === 'film' && reel.clipIds.length === 0 && (reel.status === 'pending' || reel.status === 'processing');
}

export const reelUrls = {
  list: (athleteId: number) => `/api/athletes/${athleteId}/reels`,
  films: (athleteId: number) => `/api/athletes/${athleteId}/season-films`,
  reel: (reelId: number) => `/api/reels/${reelId}`,
  media: (mediaId: number) => `/api/media/${mediaId}`,
} as const;

/** 202 with the reel pending: its reel_render job is queued. */
export const createReel = (athleteId: number, input: ReelInput) => apiRequest<Reel>('POST', reelUrls.list(athleteId), input);
/** 202 with the reel pending again: the edit is rendered into the same media items. */
export const updateReel = (reelId: number, input: ReelInput) => apiRequest<Reel>('PUT', reelUrls.reel(reelId), input);
/** 204; the rendered videos go with it, the clips stay. */
export const deleteReel = (reelId: number) => apiRequest<void>('DELETE', reelUrls.reel(reelId));
/** 202 with the film (a Reel of kind "film") pending. */
export const createSeasonFilm = (athleteId: number, input: SeasonFilmInput) => apiRequest<Reel>('POST', reelUrls.films(athleteId), input);
export const fetchReel = (reelId: number) => apiRequest<Reel>('GET', reelUrls.reel(reelId));
/** A rendered reel, as the media library has it (its playable URL). */
export const fetchReelVideo = (mediaId: number) => apiRequest<MediaItem>('GET', reelUrls.media(mediaId));
