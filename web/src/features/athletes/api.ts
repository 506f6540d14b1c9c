import { apiRequest, getOrNull } from '../../lib/api';
import type { Athlete } from '../../lib/currentAthlete';
import type { JournalEntry } from '../journal';
import type { Milestone } from '../milestones';

export type { Athlete, AthletePermissions, AthleteRole } from '../../lib/currentAthlete';

// Types and calls for the athlete profile, as written in docs/API.md.

export interface Stat {
  id: number;
  value: string;
  category: string;
}

export type EventType = 'game' | 'other';

export interface Event {
  id: number;
  title: string;
  eventType: EventType;
  /** RFC 3339 timestamp. */
  startDate: string;
  location: string;
  /** Set when the event is a recruiting key date added with 'Add to My Timeline' (a whole day). */
  keyDate?: string;
}

/** Body of POST /api/athletes and PUT /api/athletes/{id}. The server takes the owner from the session. */
export interface AthleteInput {
  name: string;
  sports: string;
  position: string;
  graduationYear: number;
  gpa: number | null;
  school: string;
  bio: string;
}

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

export const athleteUrls = {
  me: '/api/athletes/me',
  create: '/api/athletes',
  detail: (id: number) => `/api/athletes/${id}`,
  stats: (id: number) => `/api/athletes/${id}/stats`,
  upcomingEvents: (id: number) => `/api/athletes/${id}/events?upcoming=true`,
  demo: '/api/demo',
} as const;

/** The signed-in user's athlete, or null when none has been created yet (404). */
export const fetchMyAthlete = () => getOrNull<Athlete>(athleteUrls.me, [404]);


export const fetchAthlete = (id: number) => apiRequest<Athlete>('GET', athleteUrls.detail(id));
export const fetchStats = (id: number) => apiRequest<Stat[]>('GET', athleteUrls.stats(id));
/** Events starting now or later, ascending by startDate. */
export const fetchEvents = (id: number) => apiRequest<Event[]>('GET', athleteUrls.upcomingEvents(id));
export const createAthlete = (input: AthleteInput) => apiRequest<Athlete>('POST', athleteUrls.create, input);
export const updateAthlete = (id: number, input: AthleteInput) =>
  apiRequest<Athlete>('PUT', athleteUrls.detail(id), input);
export const fetchDemo = () => apiRequest<Demo>('GET', athleteUrls.demo);
