import { apiRequest, getOrNull } from '../../lib/api';
import type { Athlete } from '../../lib/currentAthlete';
import type { AthleteEvent as Event } from '../events';

export type { Athlete, AthletePermissions, AthleteRole } from '../../lib/currentAthlete';

// Types and calls for the athlete profile, as written in docs/API.md.

export interface Stat {
  id: number;
  value: string;
  category: string;
}

/** An event as the events feature types it (docs/API.md). */
export type { AthleteEvent as Event, EventType } from '../events';

/** Body of POST /api/athletes and PUT /api/athletes/{id}. The server takes the owner from the session. */
export interface AthleteInput {
  name: string;
  sports: string;
  position: string;
  graduationYear: number;
  gpa: number | null;
  school: string;
  bio: string;
  /** IANA zone, the default of new events; a new profile takes the browser's. */
  timeZone: string;
}

export const athleteUrls = {
  me: '/api/athletes/me',
  create: '/api/athletes',
  detail: (id: number) => `/api/athletes/${id}`,
  stats: (id: number) => `/api/athletes/${id}/stats`,
  upcomingEvents: (id: number) => `/api/athletes/${id}/events?upcoming=true`,
  places: (id: number) => `/api/athletes/${id}/places`,
} as const;

/** PUT /api/athletes/{id}/places: whether photos and videos are named by where they were taken. */
export const setShowPlaces = (id: number, showPlaces: boolean) =>
  apiRequest<{ showPlaces: boolean }>('PUT', athleteUrls.places(id), { showPlaces });

/** The signed-in user's athlete, or null when none has been created yet (404). */
export const fetchMyAthlete = () => getOrNull<Athlete>(athleteUrls.me, [404]);


export const fetchAthlete = (id: number) => apiRequest<Athlete>('GET', athleteUrls.detail(id));
export const fetchStats = (id: number) => apiRequest<Stat[]>('GET', athleteUrls.stats(id));
/** Events not over yet (a weekly series until its last day), ascending by their first start. */
export const fetchEvents = (id: number) => apiRequest<Event[]>('GET', athleteUrls.upcomingEvents(id));
export const createAthlete = (input: AthleteInput) => apiRequest<Athlete>('POST', athleteUrls.create, input);
export const updateAthlete = (id: number, input: AthleteInput) =>
  apiRequest<Athlete>('PUT', athleteUrls.detail(id), input);
