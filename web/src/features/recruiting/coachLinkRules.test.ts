import { describe, expect, it } from 'vitest';
import { clock, opensLine, watchedLine } from './coachLinkRules';

describe('coach link receipts in words', () => {
  it('reads seconds as a clock', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(24)).toBe('0:24');
    expect(clock(29.6)).toBe('0:30');
    expect(clock(65)).toBe('1:05');
  });

  it('says how a clip was watched, of how long', () => {
    expect(watchedLine({ mediaId: 1, title: 'Double vs East', seconds: 24, duration: 30, totalSeconds: 40, views: 2 })).toBe(
      'Watched “Double vs East” 0:24 of 0:30',
    );
    expect(watchedLine({ mediaId: 1, title: '', seconds: 5, duration: null, totalSeconds: 5, views: 1 })).toBe('Watched “Untitled” 0:05');
  });

  it('counts opens', () => {
    expect(opensLine({ receipts: { opens: 0, firstOpenedAt: null, lastOpenedAt: null, clips: [] } })).toBe('Not opened yet');
    expect(opensLine({ receipts: { opens: 1, firstOpenedAt: '2026-03-14T16:05:00', lastOpenedAt: '2026-03-14T16:05:00', clips: [] } })).toBe(
      'Opened once, last Mar 14 at 4:05 PM',
    );
    expect(opensLine({ receipts: { opens: 3, firstOpenedAt: '2026-03-14T16:05:00', lastOpenedAt: '2026-03-15T09:00:00', clips: [] } })).toBe(
      'Opened 3 times, last Mar 15 at 9:00 AM',
    );
  });
});
