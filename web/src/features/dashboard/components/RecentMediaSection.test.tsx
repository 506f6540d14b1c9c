import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders, testUser } from '../../../test/render';
import { RecentMediaSection } from './RecentMediaSection';
import { anAthlete, aMediaItem, aMediaSummary } from '../../../test/fixtures';
import { stubFetch } from '../../../test/fetch';

// The dashboard's Recent Media section (RecentMediaSection.tsx beside this file).

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderSection() {
  return renderWithProviders(<RecentMediaSection />, { route: '/dashboard', user: testUser });
}

describe('Dashboard recent media', () => {
  it('shows at most the first 4 items, with an Upload link to the library', async () => {
    stubFetch({
      'GET /api/athletes': { body: [anAthlete()] },
      // The first page of four, and the counts from the summary: the card reads no more rows than it shows.
      'GET /api/athletes/7/media?limit=4': {
        body: [1, 2, 3, 4].map((id) => aMediaItem({ id, title: `Photo ${id}` })),
        headers: { 'X-Next-Cursor': 'more' },
      },
      'GET /api/athletes/7/media/summary': { body: aMediaSummary([1, 2, 3, 4, 5, 6].map((id) => aMediaItem({ id, isFavorite: id === 1 }))) },
    });
    renderSection();
    const section = screen.getByRole('region', { name: 'Recent Media' });
    expect(await within(section).findByRole('link', { name: 'Photo 1' })).toBeTruthy();
    const tiles = within(section).getAllByRole('link', { name: /^Photo / });
    expect(tiles.map((t) => t.getAttribute('aria-label'))).toEqual(['Photo 1', 'Photo 2', 'Photo 3', 'Photo 4']);
    expect(within(section).getByRole('link', { name: 'Upload' }).getAttribute('href')).toBe('/media');
    expect((await within(section).findByRole('link', { name: 'View all media' })).getAttribute('href')).toBe('/media');
    expect(within(section).getByTestId('media-counts').textContent).toBe('6 items · 6 photos · 1 favorite');
  });

  it('shows a thumbnail, a spinner while processing, and an icon for audio and PDF without one', async () => {
    stubFetch({
      'GET /api/athletes': { body: [anAthlete()] },
      'GET /api/athletes/7/media?limit=4': {
        body: [
          aMediaItem({ id: 1, title: 'Swing', mediaType: 'video', thumbnailUrl: '/api/uploads/swing.jpg' }),
          aMediaItem({ id: 2, title: 'New clip', mediaType: 'video', status: 'processing', thumbnailUrl: null }),
          aMediaItem({ id: 3, title: 'Interview', mediaType: 'audio', thumbnailUrl: null }),
          aMediaItem({ id: 4, title: 'Transcript', mediaType: 'pdf', thumbnailUrl: null }),
        ],
      },
      'GET /api/athletes/7/media/summary': { body: aMediaSummary([1, 2, 3, 4].map((id) => aMediaItem({ id }))) },
    });
    renderSection();
    const swing = await screen.findByRole('link', { name: 'Swing' });
    expect(swing.querySelector('img')?.getAttribute('src')).toBe('/api/uploads/swing.jpg');
    expect(within(screen.getByRole('link', { name: 'New clip' })).getByText('Processing')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Interview' }).querySelector('.tabler-icon-music')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Transcript' }).querySelector('.tabler-icon-file-type-pdf')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View all media' })).toBeNull();
  });

  it('shows an empty state when there is no media', async () => {
    stubFetch({
      'GET /api/athletes': { body: [anAthlete()] },
      'GET /api/athletes/7/media?limit=4': { body: [] },
    });
    renderSection();
    expect(await screen.findByText('No media yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upload' })).toBeTruthy();
  });

  it('works without an athlete profile, asking for nothing', async () => {
    const { calls } = stubFetch({
      'GET /api/athletes': { body: [] },
    });
    renderSection();
    expect(await screen.findByText('Create an athlete profile to add photos and videos.')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/media'))).toBe(false);
  });
});
