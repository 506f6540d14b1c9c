import { apiRequest } from '../../lib/api';
import type { JobState } from '../../lib/jobStatus';

/** The parts of the season a book holds (docs/API.md, "Season Story books"). */
export interface SeasonBookInclude {
  journal: boolean;
  aiVersions: boolean;
  milestones: boolean;
  stats: boolean;
  achievements: boolean;
  media: boolean;
}

export interface SeasonBookInput {
  title: string;
  from: string;
  to: string;
  include: SeasonBookInclude;
  /** The owner's consent to print private entries and give private clips share links. */
  includePrivate: boolean;
}

/** A Season Story book: the season_book job draws it, then files its PDF in the media library (mediaId, url). */
export interface SeasonBook extends JobState {
  id: number;
  athleteId: number;
  title: string;
  from: string;
  to: string;
  include: SeasonBookInclude;
  includePrivate: boolean;
  mediaId: number | null;
  url: string | null;
  createdAt: string;
}

export const seasonBookUrls = {
  books: (athleteId: number) => `/api/athletes/${athleteId}/season-books`,
  book: (id: number) => `/api/season-books/${id}`,
};

export const createSeasonBook = (athleteId: number, input: SeasonBookInput) =>
  apiRequest<SeasonBook>('POST', seasonBookUrls.books(athleteId), input);
export const fetchSeasonBook = (id: number) => apiRequest<SeasonBook>('GET', seasonBookUrls.book(id));
/** 204; its PDF leaves the media library with it. */
export const deleteSeasonBook = (id: number) => apiRequest<void>('DELETE', seasonBookUrls.book(id));
