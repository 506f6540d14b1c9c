import { describe, expect, it } from 'vitest';
import { dateLabel, initials, todayIn, userAvatarLetter } from './format';

describe('initials', () => {
  it('takes up to two uppercase letters and falls back to U', () => {
    expect(initials('jordan lee smith')).toBe('JL');
    expect(initials('Sam')).toBe('S');
    expect(initials('   ')).toBe('U');
    expect(initials(null)).toBe('U');
  });
});

describe('userAvatarLetter', () => {
  it('prefers the first name, then the e-mail, then U', () => {
    expect(userAvatarLetter({ firstName: 'ana', email: 'x@y.z' })).toBe('A');
    expect(userAvatarLetter({ firstName: '', email: 'zed@y.z' })).toBe('Z');
    expect(userAvatarLetter({})).toBe('U');
  });
});

describe('dateLabel', () => {
  const now = new Date(2026, 10, 21, 15, 0);
  it('labels today, yesterday, this year and older dates', () => {
    expect(dateLabel(new Date(2026, 10, 21, 9, 5), now)).toBe('Today, 9:05 AM');
    expect(dateLabel(new Date(2026, 10, 20, 18, 30), now)).toBe('Yesterday, 6:30 PM');
    expect(dateLabel(new Date(2026, 2, 4), now)).toBe('Mar 4');
    expect(dateLabel(new Date(2024, 11, 31), now)).toBe('Dec 31, 2024');
  });

  it('gives every Today and Yesterday its h:mm a time, and labels a bare day by its date', () => {
    expect(dateLabel(new Date(2026, 10, 20, 0, 0).toISOString(), now)).toBe('Yesterday, 12:00 AM');
    for (const label of [dateLabel(new Date(2026, 10, 21, 7, 0), now), dateLabel(new Date(2026, 10, 20, 23, 59), now)]) {
      expect(label).toMatch(/^(Today|Yesterday), \d{1,2}:\d{2} (AM|PM)$/);
    }
    expect(dateLabel('2026-11-21', now)).toBe('Nov 21');
    expect(dateLabel('2026-11-20', now)).toBe('Nov 20');
    expect(dateLabel('2025-11-20', now)).toBe('Nov 20, 2025');
  });
});

describe('todayIn', () => {
  it("answers the day where the athlete lives, not the viewer's", () => {
    const justAfterMidnightUTC = new Date('2026-11-28T00:25:00Z');
    expect(todayIn('America/Chicago', justAfterMidnightUTC)).toBe('2026-11-27');
    expect(todayIn('UTC', justAfterMidnightUTC)).toBe('2026-11-28');
    expect(todayIn('Asia/Tokyo', new Date('2026-11-27T20:00:00Z'))).toBe('2026-11-28');
  });

  it("falls back to the viewer's day for a zone the browser does not know", () => {
    const now = new Date(2026, 10, 27, 12, 0);
    expect(todayIn('Not/AZone', now)).toBe('2026-11-27');
    expect(todayIn(undefined, now)).toBe('2026-11-27');
  });
});
