import { apiRequest, getOrNull } from '../../lib/api';
import { fetchPage } from '../../lib/pages';
import type { Side } from '../../lib/measurables';

// An athlete's measurables and academics, as written in docs/API.md ("Measurables and academics").

export interface MeasurableKind {
  key: string;
  label: string;
  unit: string;
  lowerIsBetter?: boolean;
  min: number;
  max: number;
}

export interface SportMeasurables {
  sport: string;
  label: string;
  /** Whether coaches of the sport ask for the dominant foot (soccer, football). */
  foot: boolean;
  kinds: MeasurableKind[];
}

export interface Measurable {
  id: number;
  sport: string;
  sportLabel: string;
  key: string;
  label: string;
  value: number;
  unit: string;
  lowerIsBetter: boolean;
  measuredOn: string;
  verifiedBy: string;
}

export interface MeasurablesList {
  /** The sport keys the athlete's sports name, in order. */
  plays: string[];
  catalogue: SportMeasurables[];
  /** Newest measured first; at most 500, so whole. */
  measurables: Measurable[];
}

export interface MeasurableInput {
  sport: string;
  key: string;
  value: number;
  measuredOn: string;
  verifiedBy: string;
}

export interface RecruitingProfile {
  heightIn: number | null;
  weightLb: number | null;
  dominantHand: Side;
  dominantFoot: Side;
  satScore: number | null;
  satTakenOn: string | null;
  actScore: number | null;
  actTakenOn: string | null;
  ncaaId: string;
  intendedMajor: string;
  /** isPrivate: family only, so not shown to coaches until it is made shareable. */
  transcript: { id: number; title: string; isPrivate: boolean; url: string } | null;
  updatedAt: string | null;
}

export type RecruitingProfileInput = Omit<RecruitingProfile, 'transcript' | 'updatedAt'> & { transcriptMediaId: number | null };

/** A PDF of the library, to choose as the transcript. */
export interface LibraryDocument {
  id: number;
  title: string;
  isPrivate: boolean;
}

export const measurablesUrls = {
  profile: (athleteId: number) => `/api/athletes/${athleteId}/recruiting-profile`,
  list: (athleteId: number) => `/api/athletes/${athleteId}/measurables`,
  item: (id: number) => `/api/measurables/${id}`,
  documents: (athleteId: number) => `/api/athletes/${athleteId}/media?type=pdf`,
} as const;

/** Null when the caller does not see the athlete's recruiting (404). */
export const fetchRecruitingProfile = (athleteId: number) => getOrNull<RecruitingProfile>(measurablesUrls.profile(athleteId), [404]);
export const saveRecruitingProfile = (athleteId: number, input: RecruitingProfileInput) =>
  apiRequest<RecruitingProfile>('PUT', measurablesUrls.profile(athleteId), input);
export const fetchMeasurables = (athleteId: number) => apiRequest<MeasurablesList>('GET', measurablesUrls.list(athleteId));
export const createMeasurable = (athleteId: number, input: MeasurableInput) =>
  apiRequest<Measurable>('POST', measurablesUrls.list(athleteId), input);
export const updateMeasurable = (id: number, input: MeasurableInput) => apiRequest<Measurable>('PUT', measurablesUrls.item(id), input);
export const deleteMeasurable = (id: number) => apiRequest<void>('DELETE', measurablesUrls.item(id));

/** The library's PDFs, newest first: one page of the largest size, as a family keeps a few documents. */
export const fetchDocuments = async (athleteId: number) =>
  (await fetchPage<LibraryDocument>(measurablesUrls.documents(athleteId), { cursor: null, limit: 200 })).items;
