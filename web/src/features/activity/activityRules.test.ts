import { describe, expect, it } from 'vitest';
import { itemPath, relativeTime, shownUnread, unreadOnOpening } from './activityRules';
import type { Activity } from './api';
import { unreadCountLabel, withUnread } from './strings';

describe('relativeTime', () => {
  const now = new Date('2026-03-14T15:00:00');
  it.each([
    ['2026-03-14T14:59:30', 'just now'],
    ['2026-03-14T15:00:20', 'just now'], // a clock a little ahead
    ['2026-03-14T14:55:00', '5 minutes ago'],
    ['2026-03-14T14:00:00', '1 hour ago'],
    ['2026-03-13T20:00:00', '19 hours ago'],
    ['2026-03-13T09:00:00', 'yesterday'],
    ['2026-03-10T09:00:00', '4 days ago'],
    ['2026-03-02T09:00:00', 'Mar 2'],
    ['2025-12-30T09:00:00', 'Dec 30, 2025'],
  ])('says %s as "%s"', (at, want) => {
    expect(relativeTime(new Date(at).toISOString(), now)).toBe(want);
  });
});

describe('itemPath', () => {
  it.each<[Activity['itemType'], string]>([
    ['journal', '/journal?athlete=7'],
    ['media', '/media?athlete=7'],
    ['milestone', '/milestones?athlete=7'],
    ['achievement', '/showcase?athlete=7'],
  ])('leads a %s to its page, naming the athlete', (itemType, want) => {
    expect(itemPath({ itemType }, 7)).toBe(want);
  });
});

describe('which rows were new when the feed opened', () => {
  const rows = (...unread: boolean[]) => unread.map((u, i) => ({ unread: u, id: i }) as unknown as Activity);

  it('takes the first page at its word when the new rows end on it', () => {
    expect(unreadOnOpening(rows(true, true, false), true, 40)).toBe(2);
    expect(unreadOnOpening(rows(false, false), true, 40)).toBe(0);
    expect(unreadOnOpening(rows(true, true), false, 40)).toBe(2);
  });

  it("trusts the navigation's count when every row of the first page is new and more follow", () => {
    expect(unreadOnOpening(rows(true, true), true, 5)).toBe(5);
    expect(unreadOnOpening(rows(true, true), true, undefined)).toBe(2);
    expect(unreadOnOpening(rows(true, true), true, 1)).toBe(2);
  });

  it('keeps those rows marked after the server calls them read', () => {
    expect(shownUnread(rows(true, true, false, false, false), 0)).toEqual([true, true, false, false, false]);
    expect(shownUnread(rows(true, true, false, false, false), 4)).toEqual([true, true, true, true, false]);
  });
});

describe('the unread count', () => {
  it.each([
    [1, '1', "What's new, 1 unread"],
    [99, '99', "What's new, 99 unread"],
    [100, '99+', "What's new, 99+ unread"],
    [0, '0', "What's new"],
  ])('%i shows as %s', (count, label, name) => {
    expect(unreadCountLabel(count)).toBe(label);
    expect(withUnread("What's new", count)).toBe(name);
  });
});
