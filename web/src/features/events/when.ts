import dayjs from 'dayjs';
import type { AthleteEvent } from './api';
import { eventText as t } from './strings';

// When an event happens, as the list shows it. A timed event reads in its own time zone (a 6 pm game
// in Chicago says 6:00 PM CST wherever the family looks at it); an all-day event is its days, never
// shifted by a zone; a weekly series is listed once, with its rule and its next occurrence.

/** The viewer's time zone: the form's default when the athlete has none. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'America/New_York';
}

/** Every IANA zone the browser knows (empty where it cannot list them: the form then takes typing). */
export function knownTimeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

function inZone(iso: string, zone: string, options: Intl.DateTimeFormatOptions): string {
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(new Date(iso)); // a zone this browser does not know
  }
}

const dateOptions: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' };
const timeOptions: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };

/** "Tue, Mar 2, 2027 · 6:00 PM CST" for a timed start; "Mon, Jun 1, 2027" for a day. */
export function occurrenceLabel(e: Pick<AthleteEvent, 'allDay' | 'timeZone'>, start: string): string {
  if (e.allDay) return dayjs(start).format('ddd, MMM D, YYYY');
  return `${inZone(start, e.timeZone, dateOptions)} · ${inZone(start, e.timeZone, timeOptions)}`;
}

/** The event's first occurrence with its end: "Tue, Mar 2, 2027 · 6:00 PM CST – 8:30 PM CST", "… · All day". */
export function whenLabel(e: AthleteEvent): string {
  const start = occurrenceLabel(e, e.startDate);
  if (e.allDay) {
    const days = e.endDate && e.endDate !== e.startDate ? `${start} – ${occurrenceLabel(e, e.endDate)}` : start;
    return `${days} · ${t.allDay}`;
  }
  if (!e.endDate) return start;
  const sameDay = e.endDate.slice(0, 10) === e.startDate.slice(0, 10);
  return `${start} – ${sameDay ? inZone(e.endDate, e.timeZone, timeOptions) : occurrenceLabel(e, e.endDate)}`;
}

/** "Every Tuesday until May 20" (the year added when the series ends in another year); null when it does not repeat. */
export function repeatLabel(e: AthleteEvent): string | null {
  if (!e.repeatWeeklyUntil) return null;
  // The weekday of the wall date, in the event's own zone (the first 10 characters of startDate).
  const first = dayjs(e.startDate.slice(0, 10));
  const until = dayjs(e.repeatWeeklyUntil);
  return t.every(first.format('dddd'), until.format(until.year() === first.year() ? 'MMM D' : 'MMM D, YYYY'));
}

/** The viewer's today as YYYY-MM-DD. */
const todayOf = (now: Date) => dayjs(now).format('YYYY-MM-DD');

/**
 * Whether the event is not over at now, as the server's ?upcoming=true decides: a timed event until
 * its end (or its start), an all-day event through its last day, a series through its last day.
 * Days are compared with the viewer's today.
 */
export function isUpcoming(e: AthleteEvent, now: Date): boolean {
  if (e.repeatWeeklyUntil) return e.repeatWeeklyUntil >= todayOf(now);
  if (e.allDay) return (e.endDate ?? e.startDate) >= todayOf(now);
  return new Date(e.endDate ?? e.startDate).getTime() >= now.getTime();
}

/** When the event next happens, for ordering: a series' next occurrence, else its start (a day at the viewer's midnight). */
export function nextStartTime(e: AthleteEvent): number {
  const at = e.nextStartDate ?? e.startDate;
  return e.allDay ? dayjs(at).valueOf() : new Date(at).getTime();
}
