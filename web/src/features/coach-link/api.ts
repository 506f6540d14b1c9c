import { apiRequest } from '../../lib/api';

// The coach's page of a recruiting link (/r/:code), as written in docs/API.md ("Coach links").

export interface CoachClip {
  id: number;
  title: string;
  description: string;
  mediaType: 'video' | 'image';
  duration: number | null;
  /** The 720p rendition of a video (Range), or the photo. */
  mediaUrl: string;
  posterUrl: string | null;
}

export interface CoachSeasonColumn {
  key: string;
  abbr: string;
  label: string;
}

export interface CoachSeason {
  id: number;
  sportName: string;
  season: string;
  teamName: string;
  stats: Record<string, string | number | null> | null;
  columns: CoachSeasonColumn[];
}

export interface CoachEvent {
  id: number;
  title: string;
  eventType: string;
  startDate: string;
  allDay: boolean;
  timeZone: string;
  location: string;
  nextStartDate?: string;
}

/** With include.academics: GPA (on the profile), test scores, the NCAA ID, intended major, the transcript served through the link. */
export interface CoachAcademics {
  gpa: number | null;
  satScore: number | null;
  satTakenOn: string | null;
  actScore: number | null;
  actTakenOn: string | null;
  ncaaId: string;
  intendedMajor: string;
  transcript: { title: string; url: string } | null;
}

export interface CoachMeasurable {
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

/** With include.measurables: the body, and the latest value of each measurable. */
export interface CoachMeasurables {
  heightIn: number | null;
  weightLb: number | null;
  dominantHand: string;
  dominantFoot: string;
  items: CoachMeasurable[];
}

/** Only what the link includes: a part left out is null or empty. */
export interface CoachPage {
  athlete: { name: string; sports: string; position?: string; classOf?: number; school?: string; photoUrl: string | null };
  college: string;
  division: string;
  coachName: string;
  clips: CoachClip[];
  academics: CoachAcademics | null;
  measurables: CoachMeasurables | null;
  seasons: CoachSeason[];
  events: CoachEvent[];
  contact: string;
  expiresAt: string;
}

export const coachPageUrl = (code: string) => `/api/r/${encodeURIComponent(code)}`;
export const fetchCoachPage = (code: string) => apiRequest<CoachPage>('GET', coachPageUrl(code));

/**
 * One receipt: the page opened (no mediaId), or seconds of a clip watched. keepalive lets the last one
 * leave as the coach closes the page; a refused receipt (429, the link's minute is full) is dropped.
 */
export function sendReceipt(code: string, receipt: { mediaId?: number; seconds: number }): void {
  void fetch(`${coachPageUrl(code)}/views`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(receipt),
    keepalive: true,
  }).catch(() => undefined);
}
