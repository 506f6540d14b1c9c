import dayjs from 'dayjs';

/** Up to two uppercase initials from a display name; "U" when there is nothing to use. */
export function initials(name: string | null | undefined): string {
  const parts = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = parts.slice(0, 2).map((p) => p[0]!.toUpperCase()).join('');
  return letters || 'U';
}

/** Avatar letter for the signed-in user: first name, else e-mail, else U (spec: navigation bar). */
export function userAvatarLetter(user: { firstName?: string | null; email?: string | null } | null | undefined): string {
  const source = user?.firstName?.trim() || user?.email?.trim() || '';
  return source ? source[0]!.toUpperCase() : 'U';
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Date labels: "Today, h:mm a" / "Yesterday, h:mm a", "MMM d" this year, else "MMM d, yyyy" (spec).
 * The spec's Today and Yesterday always come with a time, so a bare day ("2026-11-20", an entry's
 * date) has no time to give and is labelled by its date instead of a "Yesterday" with the time missing
 * or a made-up midnight.
 */
export function dateLabel(value: string | Date, now: Date = new Date()): string {
  const d = dayjs(value);
  const today = dayjs(now);
  const hasTime = !(typeof value === 'string' && DATE_ONLY.test(value));
  if (hasTime && d.isSame(today, 'day')) return `Today, ${d.format('h:mm A')}`;
  if (hasTime && d.isSame(today.subtract(1, 'day'), 'day')) return `Yesterday, ${d.format('h:mm A')}`;
  if (d.year() === today.year()) return d.format('MMM D');
  return d.format('MMM D, YYYY');
}

/** "MMM D, YYYY" always: for pages read long after (the public page a coach opens), where a date without its year misleads. */
export function fullDateLabel(value: string | Date): string {
  return dayjs(value).format('MMM D, YYYY');
}

/** Today in the viewer's time zone as YYYY-MM-DD, the entry form's default date. */
export function todayIso(now: Date = new Date()): string {
  return dayjs(now).format('YYYY-MM-DD');
}

/**
 * Today as YYYY-MM-DD in `timeZone` (an athlete's, where the server counts what is due and overdue); the
 * viewer's own day when the zone is unknown to this browser.
 */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return todayIso(now);
  }
}
