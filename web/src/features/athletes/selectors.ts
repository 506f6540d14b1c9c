import dayjs from 'dayjs';
import { isUpcoming, nextStartTime, occurrenceLabel } from '../events';
import type { Event, Stat } from './api';
import type { Athlete } from '../../lib/currentAthlete';

// What the dashboard picks from the athlete's data (spec section 9 limits).
export const DASHBOARD_EVENT_COUNT = 2;
export const DASHBOARD_STAT_COUNT = 3;

/**
 * The next events not over yet, soonest first: a weekly series at its next occurrence, an all-day
 * event through its day. The API already filters, the demo may not.
 */
export function nextEvents(events: Event[], now: Date = new Date(), limit = DASHBOARD_EVENT_COUNT): Event[] {
  return events
    .filter((e) => isUpcoming(e, now))
    .sort((a, b) => nextStartTime(a) - nextStartTime(b))
    .slice(0, limit);
}

export function firstStats(stats: Stat[], limit = DASHBOARD_STAT_COUNT): Stat[] {
  return stats.slice(0, limit);
}

/** "sports | position", or just the sports when no position is set (spec: athlete card). */
export function sportsLine(athlete: Pick<Athlete, 'sports' | 'position'>): string {
  const position = athlete.position.trim();
  return position ? `${athlete.sports} | ${position}` : athlete.sports;
}

/**
 * When the event next happens: "Sat, Mar 14 · 4:00 PM EDT" in the event's own time zone, or the day
 * of an all-day event (a key date on the timeline is one).
 */
export function eventDateLabel(event: Event): string {
  const at = event.nextStartDate ?? event.startDate;
  if (event.allDay) return dayjs(at).format('ddd, MMM D');
  return occurrenceLabel(event, at);
}

export function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, Math.round(value)));
}
