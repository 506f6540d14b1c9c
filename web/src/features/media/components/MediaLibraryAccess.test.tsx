import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, testUser } from '../../../test/render';
import type { Athlete } from '../../../lib/currentAthlete';
import { MediaLibrary } from './MediaLibrary';
import { aFamilyAthlete, anAthlete, aLibrary, aMediaSummary } from '../../../test/fixtures';
import { stubFetch, type StubRoutes } from '../../../test/fetch';

// The Media page as each access level sees it (docs/API.md, "Family circle and access levels").

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

function renderAs(athlete: Athlete, library = aLibrary(), routes: StubRoutes = {}) {
  const items = library.map((item) => ({ ...item, athleteId: athlete.id }));
  const stub = stubFetch({
    'GET /api/athletes': { body: [athlete] },
    [`GET /api/athletes/${athlete.id}/media`]: { body: items },
    [`GET /api/athletes/${athlete.id}/media/summary`]: { body: aMediaSummary(items) },
    ...routes,
  });
  renderWithProviders(
    <MediaLibrary renderUpload={() => <button type="button">Upload</button>} onEditVideo={vi.fn()} />,
    { route: '/media', user: testUser },
  );
  return stub;
}

/** The menu items of the video's tile. */
async function videoMenu() {
  await screen.findByTestId('media-grid');
  const video = screen.getByRole('article', { name: 'Batting practice' });
  fireEvent.click(within(video).getByRole('button', { name: 'Media actions', hidden: true }));
  return screen.getAllByRole('menuitem').map((item) => item.textContent);
}

describe('Media library for a viewer', () => {
  it('says nothing is shared yet instead of inviting an upload', async () => {
    renderAs(aFamilyAthlete('viewer'), []);
    expect(await screen.findByText('Nothing shared with you yet')).toBeTruthy();
    expect(screen.getByText('Photos, videos and documents the family shares with you will appear here.')).toBeTruthy();
    expect(screen.queryByText('Photos, videos and documents you upload will appear here.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
  });

  it('has no Upload, Select, favorite toggle or selection, and tiles offer View and Download only', async () => {
    renderAs(aFamilyAthlete('viewer'));

    expect(await videoMenu()).toEqual(['View', 'Download']);
    expect(screen.getByText('View only')).toBeTruthy();
    expect(screen.getByText("Maya Chen's photos, game film, audio and documents.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Select' })).toBeNull();
    expect(screen.queryByRole('button', { name: /favorites/, hidden: true })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /^Select /, hidden: true })).toBeNull();
  });

  it('lists the media with View and no Delete or selection', async () => {
    renderAs(aFamilyAthlete('viewer'));
    await screen.findByTestId('media-grid');
    fireEvent.click(screen.getByText('List'));

    const row = screen.getByText('Report card').closest('tr')!;
    expect(within(row).getByRole('button', { name: 'View' })).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select all' })).toBeNull();
  });

  it('tells a limited member they see what was shared with them', async () => {
    renderAs(aFamilyAthlete('limited'));
    expect(await screen.findByText('Limited access — you see what the family shared with you')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
  });
});

describe('Responses in the media preview', () => {
  it('lets a viewer react and comment, and the tile counts the comment without the library being read again', async () => {
    const library = aLibrary().map((item) => (item.id === 1 ? { ...item, commentCount: 2, reactions: { counts: { '🔥': 3 }, mine: null } } : item));
    const posted = { id: 8, body: 'Great swing', authorName: 'Ana Rivera', createdAt: '2025-04-13T10:00:00Z', updatedAt: '2025-04-13T10:00:00Z', edited: false, mine: true, canDelete: true };
    const { calls } = renderAs(aFamilyAthlete('viewer'), library, {
      'GET /api/media/1/comments': { body: [] },
      'POST /api/media/1/comments': { status: 201, body: posted },
      'PUT /api/media/1/reaction': { body: { counts: { '🔥': 4 }, mine: '🔥' } },
    });

    fireEvent.click(await screen.findByRole('button', { name: 'Open Walk-off double, 2 comments' }));
    const dialog = await screen.findByRole('dialog', { name: 'Walk-off double' });
    // A viewer may not make public links (the server's edit permission): the preview offers no Share.
    expect(within(dialog).getByRole('link', { name: 'Download' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Share' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'React with 🔥 (3)' }));
    expect((await within(dialog).findByRole('button', { name: 'React with 🔥 (4)' })).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(dialog).getByRole('button', { name: '2 comments' }));
    fireEvent.change(await within(dialog).findByRole('textbox', { name: 'Write a comment' }), { target: { value: 'Great swing' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Post' }));
    expect(await within(dialog).findByRole('button', { name: '3 comments' })).toBeTruthy();

    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Open Walk-off double, 3 comments', hidden: true })).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'GET' && c.url === '/api/athletes/9/media')).toHaveLength(1);
  });
});

describe('Media library for those who may edit', () => {
  it.each([
    ['an editor', aFamilyAthlete('editor')],
    ['the owner', anAthlete({ id: 9 })],
  ])('offers %s Upload, Select and every tile action', async (_, athlete) => {
    renderAs(athlete);

    expect(await videoMenu()).toEqual(['View', 'Download', 'Share', 'Edit Video', 'Edit', 'Delete']);
    expect(screen.queryByText('View only')).toBeNull();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Select' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /favorites/, hidden: true })).toHaveLength(4);
    expect(screen.getAllByRole('checkbox', { name: /^Select /, hidden: true })).toHaveLength(4);
  });
});
