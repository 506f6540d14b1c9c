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

describe('eventDateLabel for a key date', () => {
  it('shows a key date added to the timeline as a whole day, without its stored time', () => {
    expect(eventDateLabel('2027-06-15T12:00:00Z', true)).toBe('Tue, Jun 15');
  });
});
