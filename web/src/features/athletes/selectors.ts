import dayjs from 'dayjs';
import type { Event, Stat } from './api';
import type { Athlete } from '../../lib/currentAthlete';

// What the dashboard picks from the athlete's data (spec section 9 limits).
export const DASHBOARD_EVENT_COUNT = 2;
export const DASHBOARD_STAT_COUNT = 3;

/** The next events starting now or later, soonest first. The API already filters, the demo may not. */
export function nextEvents(events: Event[], now: Date = new Date(), limit = DASHBOARD_EVENT_COUNT): Event[] {
  const from = now.getTime();
  return events
    .filter((e) => new Date(e.startDate).getTime() >= from)
    .sort((a, b) => new Date(a.startDate).getTime() - new Date(b.startDate).getTime())
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

/** "Sat, Mar 14 · 4:00 PM" in the viewer's time zone. */
export function eventDateLabel(startDate: string, allDay = false): string {
  // A recruiting key date added to the timeline is a whole day: its stored time means nothing.
  if (allDay) return dayjs(startDate).format('ddd, MMM D');
  return dayjs(startDate).format('ddd, MMM D · h:mm A');
}

export function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, Math.round(value)));
}
