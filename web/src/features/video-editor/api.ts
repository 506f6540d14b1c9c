import { apiRequest } from '../../lib/api';
import type { JobState } from '../../lib/jobStatus';
import type { MediaItem } from '../media';

// Types and calls of the video editor, as written in docs/API.md ("Video editor"). Sharing uses the
// media library's POST /api/media/{id}/share (features/media/api.ts).

/** Why the detector picked a moment; kept open so a reason added later still shows as written. */
export type HighlightReason = 'crowd/audio peak' | 'scene change' | 'crowd/audio peak and scene change' | (string & {});

/** One detected moment, in seconds of the source video. */
export interface HighlightSegment {
  start: number;
  end: number;
  score: number;
  reason: HighlightReason;
}

/**
 * The stored detection result of one video: segments in time order, at most 10. Its job state: none
 * (never run), pending or processing (a media_highlights job is queued or running), ready, or failed
 * (see statusReason).
 */
export interface Highlights extends JobState {
  segments: HighlightSegment[];
}

/** Body of POST /api/media/{id}/trim. */
export interface TrimInput {
  startTime: number;
  endTime: number;
  title: string;
}

export const editorUrls = {
  highlights: (mediaId: number) => `/api/media/${mediaId}/highlights`,
  trim: (mediaId: number) => `/api/media/${mediaId}/trim`,
} as const;

export const fetchHighlights = (mediaId: number) => apiRequest<Highlights>('GET', editorUrls.highlights(mediaId));
/** 202 with status pending; a new request supersedes one still running. */
export const detectHighlights = (mediaId: number) => apiRequest<Highlights>('POST', editorUrls.highlights(mediaId));
/** 202 with the new clip, processing until its media_trim job has cut it. */
export const trimVideo = (mediaId: number, input: TrimInput) => apiRequest<MediaItem>('POST', editorUrls.trim(mediaId), input);
