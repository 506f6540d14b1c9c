import { apiRequest } from '../../lib/api';

// Types and calls for the athlete's events, as written in docs/API.md.

export type EventType = 'game' | 'other';

export interface AthleteEvent {
  id: number;
  title: string;
  eventType: EventType;
  /** RFC 3339 timestamp. */
  startDate: string;
  location: string;
  /** Set when the event is an NCAA key date added with 'Add to My Timeline'. */
  keyDate?: string;
}

export interface EventInput {
  title: string;
  eventType: EventType;
  startDate: string;
  location: string;
}

export const eventUrls = {
  list: (athleteId: number) => `/api/athletes/${athleteId}/events`,
  item: (id: number) => `/api/events/${id}`,
} as const;

export const createEvent = (athleteId: number, input: EventInput) => apiRequest<AthleteEvent>('POST', eventUrls.list(athleteId), input);
export const updateEvent = (id: number, input: EventInput) => apiRequest<AthleteEvent>('PUT', eventUrls.item(id), input);
export const deleteEvent = (id: number) => apiRequest<void>('DELETE', eventUrls.item(id));
