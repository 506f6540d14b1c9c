import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderWithProviders, testUser } from '../../../test/render';
import { JournalBrowser } from './JournalBrowser';
import { anAthlete, anEntry, someStats } from '../../../test/fixtures';
import { stubFetch } from '../../../test/fetch';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// A milestone's 'View associated journal entries' opens /journal?date=YYYY-MM-DD.
describe('Journal of one day', () => {
  it('asks the server for the entries of the date and says so', async () => {
    const { calls } = stubFetch({
      'GET /api/athletes': { body: [anAthlete()] },
      'GET /api/athletes/7/journal?limit=20&date=2026-05-30': { body: [anEntry({ id: 3, title: 'Captain vote', date: '2026-05-30' })] },
      'GET /api/athletes/7/journal/stats': { body: someStats() },
      'GET /api/journal-options': { body: { aiService: true, newEntriesPrivate: true } },
      'GET /api/journal-prompts?athleteId=7': { body: [] },
      'GET /api/athletes/7/journal-prompts/generate': { body: { status: 'none' } },
      'GET /api/user/settings': { body: { weeklyPromptReminders: true } },
    });
    renderWithProviders(<JournalBrowser />, { route: '/journal?date=2026-05-30', user: testUser });

    expect(await screen.findByRole('article', { name: 'Captain vote' })).toBeTruthy();
    expect(screen.getByText(/Showing journal entries from May 30/)).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/athletes/7/journal?limit=20&date=2026-05-30')).toBe(true);
  });
});
