import { describe, expect, it } from 'vitest';
import { clampPercent, eventDateLabel, nextEvents, sportsLine } from './selectors';
import { anEvent } from '../../test/fixtures';

describe('nextEvents', () => {
  const now = new Date('2026-05-01T12:00:00Z');

  it('keeps events starting now or later, soonest first, at most two', () => {
    const events = [
      anEvent(1, 'Past game', '2026-04-30T12:00:00Z', 'game'),
      anEvent(2, 'Camp', '2026-06-10T09:00:00Z'),
      anEvent(3, 'Right now', '2026-05-01T12:00:00Z', 'game'),
      anEvent(4, 'Showcase', '2026-05-20T18:00:00Z'),
    ];
    expect(nextEvents(events, now).map((e) => e.title)).toEqual(['Right now', 'Showcase']);
  });

  it('is empty when nothing is ahead', () => {
    expect(nextEvents([anEvent(1, 'Old', '2025-01-01T00:00:00Z')], now)).toEqual([]);
  });
});

describe('sportsLine', () => {
  it('joins sports and position, or shows the sports alone', () => {
    expect(sportsLine({ sports: 'Baseball', position: 'Pitcher' })).toBe('Baseball | Pitcher');
    expect(sportsLine({ sports: 'Baseball, Softball', position: ' ' })).toBe('Baseball, Softball');
  });
});

describe('clampPercent', () => {
  it('rounds and keeps within 0–100', () => {
    expect(clampPercent(71.4)).toBe(71);
    expect(clampPercent(120)).toBe(100);
    expect(clampPercent(-3)).toBe(0);
  });
});

describe('eventDateLabel', () => {
  it('shows an all-day event (a key date on the timeline) as its day, in any viewer zone', () => {
    expect(eventDateLabel({ ...anEvent(1, 'Calls', '2027-06-15'), allDay: true })).toBe('Tue, Jun 15');
  });

  it("shows a timed event in its own time zone, and a weekly series' next occurrence", () => {
    const game = { ...anEvent(1, 'Game', '2027-03-02T18:00:00-06:00', 'game'), timeZone: 'America/Chicago' };
    expect(eventDateLabel(game)).toBe('Tue, Mar 2, 2027 · 6:00 PM CST');
    const practice = { ...game, repeatWeeklyUntil: '2027-05-18', nextStartDate: '2027-03-16T18:00:00-05:00' };
    expect(eventDateLabel(practice)).toBe('Tue, Mar 16, 2027 · 6:00 PM CDT');
  });
});

describe('nextEvents with all-day events and weekly series', () => {
  it('keeps an all-day event through its day and orders a series by its next occurrence', () => {
    const now = new Date('2027-03-10T15:00:00-05:00');
    const events = [
      { ...anEvent(1, 'Practice', '2027-01-05T16:00:00-05:00'), repeatWeeklyUntil: '2027-05-18', nextStartDate: '2027-03-16T16:00:00-04:00' },
      { ...anEvent(2, 'Camp today', '2027-03-10'), allDay: true },
      { ...anEvent(3, 'Showcase', '2027-03-12T09:00:00-05:00'), eventType: 'showcase' as const },
      { ...anEvent(4, 'Old series', '2027-01-05T16:00:00-05:00'), repeatWeeklyUntil: '2027-02-23' },
    ];
    expect(nextEvents(events, now, 3).map((e) => e.title)).toEqual(['Camp today', 'Showcase', 'Practice']);
  });
});
