import dayjs from 'dayjs';
import type { ClipReceipt, CoachLink } from './api';
import { coachLinkText as t } from './strings';

/** Seconds as a clock reads them: 0:24, 1:05, 12:00. */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** "Opened 3 times, last Mar 14 at 4:05 PM", or that it was not opened yet. */
export function opensLine(link: Pick<CoachLink, 'receipts'>): string {
  const { opens, lastOpenedAt } = link.receipts;
  if (opens === 0 || !lastOpenedAt) return t.notOpened;
  const times = opens === 1 ? 'once' : `${opens} times`;
  return `Opened ${times}, last ${dayjs(lastOpenedAt).format('MMM D [at] h:mm A')}`;
}

/** "Watched “Double vs East” 0:24 of 0:30" (of the clip's length, when it is known). */
export function watchedLine(clip: ClipReceipt): string {
  const of = clip.duration ? ` of ${clock(clip.duration)}` : '';
  return `Watched “${clip.title || 'Untitled'}” ${clock(clip.seconds)}${of}`;
}
