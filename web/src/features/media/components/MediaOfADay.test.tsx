import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, testUser } from '../../../test/render';
import { MediaLibrary } from './MediaLibrary';
import { anAthlete, aMediaItem, aMediaSummary } from '../../../test/fixtures';
import { stubFetch } from '../../../test/fetch';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// A milestone's 'View media' opens /media?date=YYYY-MM-DD: the library shows that day only.
describe('Media of one day', () => {
  it('shows only the media of the date, with a way back to all', async () => {
    stubFetch({
      'GET /api/athletes': { body: [anAthlete()] },
      // The server answers the day's media alone (docs/API.md, "Milestones").
      'GET /api/athletes/7/media?date=2026-05-30': { body: [aMediaItem({ id: 1, title: 'Captain photo', date: '2026-05-30' })] },
      'GET /api/athletes/7/media': {
        body: [aMediaItem({ id: 1, title: 'Captain photo', date: '2026-05-30' }), aMediaItem({ id: 2, title: 'Bullpen', date: '2026-05-01' })],
      },
      'GET /api/athletes/7/media/summary': { body: aMediaSummary([aMediaItem({ date: '2026-05-30' }), aMediaItem({ id: 2, date: '2026-05-01' })]) },
    });
    renderWithProviders(<MediaLibrary />, { route: '/media?date=2026-05-30', user: testUser });

    const grid = await screen.findByTestId('media-grid');
    expect(within(grid).getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['Captain photo']);
    expect(screen.getByText(/Showing media from May 30/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(within(screen.getByTestId('media-grid')).getAllByRole('article')).toHaveLength(2));
  });
});
