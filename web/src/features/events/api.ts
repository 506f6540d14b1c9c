import { apiRequest } from '../../lib/api';

// Types and calls for the athlete's events, as written in docs/API.md.

export const EVENT_TYPES = [
  'game',
  'practice',
  'tournament',
  'showcase',
  'camp',
  'combine',
  'official_visit',
  'unofficial_visit',
  'tryout',
  'other',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export interface AthleteEvent {
  id: number;
  title: string;
  eventType: EventType;
  /**
   * A timed event: RFC 3339 in the event's own zone's offset (its first 16 characters are the wall
   * time). An all-day event: YYYY-MM-DD. A weekly series: its first occurrence.
   */
  startDate: string;
  /** The end time, or an all-day event's last day (included); null when none was given. */
  endDate: string | null;
  allDay: boolean;
  /** IANA name, e.g. America/New_York. */
  timeZone: string;
  /** YYYY-MM-DD: the event repeats every week until this day (included). */
  repeatWeeklyUntil: string | null;
  /** A weekly series' next occurrence not yet over (same form as startDate); null otherwise. */
  nextStartDate: string | null;
  location: string;
  /** Set when the event is an NCAA key date added with 'Add to My Timeline'. */
  keyDate?: string;
}

export interface EventInput {
  title: string;
  eventType: EventType;
  /** YYYY-MM-DD when allDay, else a wall time YYYY-MM-DDTHH:mm read in timeZone. */
  startDate: string;
  endDate?: string;
  allDay: boolean;
  timeZone: string;
  repeatWeeklyUntil?: string;
  location: string;
}

export const eventUrls = {
  list: (athleteId: number) => `/api/athletes/${athleteId}/events`,
  item: (id: number) => `/api/events/${id}`,
} as const;

export const createEvent = (athleteId: number, input: EventInput) => apiRequest<AthleteEvent>('POST', eventUrls.list(athleteId), input);
export const updateEvent = (id: number, input: EventInput) => apiRequest<AthleteEvent>('PUT', eventUrls.item(id), input);
export const deleteEvent = (id: number) => apiRequest<void>('DELETE', eventUrls.item(id));
