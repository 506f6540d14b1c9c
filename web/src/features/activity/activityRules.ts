import dayjs from 'dayjs';
import { ATHLETE_PARAM } from '../../lib/currentAthlete';
import { dateLabel } from '../../lib/format';
import type { Activity, ActivityItemType } from './api';
import { activityText } from './strings';

/** The page of the app where each kind of item lives. */
const itemPages: Record<ActivityItemType, string> = {
  journal: '/journal',
  media: '/media',
  milestone: '/milestones',
  achievement: '/showcase',
  recruiting: '/recruiting',
};

/**
 * Where a row leads: the page its item lives on, naming the athlete (?athlete=), so the link opens this
 * athlete's page whatever the switcher chose meanwhile (components/AthleteFromLink).
 */
export function itemPath(activity: Pick<Activity, 'itemType'>, athleteId: number): string {
  return `${itemPages[activity.itemType]}?${ATHLETE_PARAM}=${athleteId}`;
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When, as a feed says it: "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago"; from a
 * week on, the date ("Mar 14", "Mar 14, 2025"). A time ahead of the viewer's clock is "just now".
 */
export function relativeTime(at: string, now: Date = new Date()): string {
  const ago = now.getTime() - new Date(at).getTime();
  if (ago < MINUTE) return activityText.justNow;
  if (ago < HOUR) return relative.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return relative.format(-Math.floor(ago / HOUR), 'hour');
  const days = dayjs(now).startOf('day').diff(dayjs(at).startOf('day'), 'day');
  if (days < 7) return relative.format(-days, 'day');
  return dateLabel(at, now);
}

/** The full date and time, for the relative time's tooltip. */
export function fullTime(at: string): string {
  return dayjs(at).format('MMM D, YYYY h:mm A');
}

/**
 * How many of the newest rows were new when the feed opened. The server marks a row unread when it came
 * after the member last looked, so the unread rows are the newest ones. When the first page has a read
 * row, its marks tell the whole story. When every row on it is unread and more pages follow, the new rows
 * may go on past it, and only the navigation's count (`counted`, up to 100) says how far.
 */
export function unreadOnOpening(firstPage: readonly Activity[], hasMore: boolean, counted: number | undefined): number {
  const marked = firstPage.filter((a) => a.unread).length;
  return marked === firstPage.length && hasMore ? Math.max(marked, counted ?? 0) : marked;
}

/**
 * Which rows to show as unread. The page tells the server the member looked as soon as the first page is
 * in, so a page loaded after that comes back all read: the `unreadWhenOpened` newest rows (unreadOnOpening)
 * stay marked for the rest of the visit.
 */
export function shownUnread(items: readonly Activity[], unreadWhenOpened: number): boolean[] {
  return items.map((item, i) => item.unread || i < unreadWhenOpened);
}
