import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, testUser } from '../../../test/render';
import type { Athlete } from '../../../lib/currentAthlete';
import { MediaLibrary } from './MediaLibrary';
import { aFamilyAthlete, anAthlete, aLibrary, aMediaSummary } from '../../../test/fixtures';
import { stubFetch } from '../../../test/fetch';

// The Media page as each access level sees it (docs/API.md, "Family circle and access levels").

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

function renderAs(athlete: Athlete, library = aLibrary()) {
  const items = library.map((item) => ({ ...item, athleteId: athlete.id }));
  stubFetch({
    'GET /api/athletes': { body: [athlete] },
    [`GET /api/athletes/${athlete.id}/media`]: { body: items },
    [`GET /api/athletes/${athlete.id}/media/summary`]: { body: aMediaSummary(items) },
  });
  renderWithProviders(
    <MediaLibrary renderUpload={() => <button type="button">Upload</button>} onEditVideo={vi.fn()} />,
    { route: '/media', user: testUser },
  );
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
