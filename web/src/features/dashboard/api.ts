import { apiRequest } from '../../lib/api';
import type { Athlete } from '../../lib/currentAthlete';
import type { Event, Stat } from '../athletes';
import type { JournalEntry } from '../journal';
import type { Milestone } from '../milestones';

/** The read-only demo athlete shown on /demo. */
export interface Demo {
  athlete: Athlete;
  stats: Stat[];
  events: Event[];
  /** The demo athlete's newest shared journal entries. */
  journal: JournalEntry[];
  /** The demo athlete's Legacy Timeline, newest first. */
  milestones: Milestone[];
  /** The demo athlete's college interests, highest interest first. */
  collegeInterests: { id: number; name: string; interest: number }[];
  /** The demo's family circle (names, relationships and access levels only). */
  family?: { id: number; name: string; relationship: string; accessLevel: string }[];
  /** The demo's showcase: achievements with their drawn cards. */
  achievements?: { id: number; title: string; date: string; category: string; cardUrl: string | null }[];
  /** The demo's Recent Media: photos the api draws. */
  media?: { id: number; title: string; description: string; thumbnailUrl: string | null; mediaUrl: string }[];
}

export const DEMO_URL = '/api/demo';

export const fetchDemo = () => apiRequest<Demo>('GET', DEMO_URL);

/** A period type of the NCAA calendar, or '' outside any period. */
export type BriefPeriodType = 'contact' | 'evaluation' | 'quiet' | 'dead' | 'recruiting_shutdown' | '';

/** GET /api/athletes/{id}/recruiting-brief: the owner's weekly recruiting brief, as its e-mail says it. */
export interface RecruitingBrief {
  today: string;
  schools: {
    collegeInterestId: number;
    name: string;
    division: string;
    periods: { sport: string; periodType: BriefPeriodType; through: string | null; text: string; sourceUrl: string; verified: boolean }[];
  }[];
  moreSchools: number;
  keyDates: { kind: 'ncaa' | 'event' | 'checklist'; date: string; text: string; sourceUrl: string }[];
  followUps: { collegeInterestId: number; name: string; dueOn: string; overdue: boolean; text: string }[];
  openedLinks: { id: number; collegeInterestId: number; collegeName: string; coachName: string; opens: number; lastOpenedAt: string; text: string }[];
  disclaimer: string;
  /** The owner gets it by e-mail each Monday. */
  emailed: boolean;
}

export const recruitingBriefUrl = (athleteId: number) => `/api/athletes/${athleteId}/recruiting-brief`;

export const fetchRecruitingBrief = (athleteId: number) => apiRequest<RecruitingBrief>('GET', recruitingBriefUrl(athleteId));
