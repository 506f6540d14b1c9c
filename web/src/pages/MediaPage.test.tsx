import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { MediaPage } from './MediaPage';
import { renderWithProviders, testUser } from '../test/render';
import { anAthlete, aLibrary, aMediaSummary } from '../test/fixtures';
import { stubFetch } from '../test/fetch';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Media page: Edit Video', () => {
  it('opens the video editor for the video whose tile menu was used', async () => {
    stubFetch({
      // The athlete the page shows: from the list of the caller's athletes, or (older servers) /me.
      'GET /api/athletes': { body: [anAthlete()] },
      'GET /api/athletes/me': { body: anAthlete() },
      'GET /api/athletes/7/media': { body: aLibrary() },
      'GET /api/athletes/7/media/summary': { body: aMediaSummary(aLibrary()) },
      'GET /api/athletes/7/media/usage': { body: { usedBytes: 0, quotaBytes: 5e9, maxFileBytes: 5e7 } },
      'GET /api/media/2/highlights': { body: { status: 'none', statusReason: '', segments: [] } },
    });
    renderWithProviders(<MediaPage />, { route: '/media', user: testUser });
    const video = await screen.findByRole('article', { name: 'Batting practice' });
    fireEvent.click(within(video).getByRole('button', { name: 'Media actions', hidden: true }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit Video' }));

    const dialog = await screen.findByRole('dialog', { name: 'Edit Video: Batting practice' });
    expect(await within(dialog).findByText('No highlights yet.')).toBeTruthy();
    expect(within(dialog).getByRole('slider', { name: 'Trim end' }).getAttribute('aria-valuenow')).toBe('65');
  });
});
