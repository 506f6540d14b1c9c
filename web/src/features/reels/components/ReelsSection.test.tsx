import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, testUser } from '../../../test/render';
import { aMediaItem, anAthlete } from '../../../test/fixtures';
import { stubFetch } from '../../../test/fetch';
import type { Reel } from '../api';
import { ReelsSection } from './ReelsSection';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const LIST = 'GET /api/athletes/7/reels?limit=5';

const aReel = (over: Partial<Reel> = {}): Reel => ({
  id: 5, athleteId: 7, status: 'ready', statusReason: '', title: 'Jordan Rivera highlights', clipIds: [3, 1], titleSlide: null, endSlide: null,
  spotlight: [], formats: ['landscape', 'vertical'], outputs: [{ format: 'landscape', mediaId: 40 }, { format: 'vertical', mediaId: 41 }],
  kind: 'reel', segments: null, from: null, to: null, createdAt: '2026-11-20T10:00:00Z', updatedAt: '2026-11-20T10:00:00Z', ...over,
});
const film = aReel({
  id: 6, kind: 'film', title: "Jordan's 2026 Spring film", status: 'processing', progress: 0.4, outputs: [], from: '2026-02-01', to: '2026-06-30',
  segments: [{ clipId: 3, start: 0, end: 6 }],
});
const failed = aReel({ id: 4, title: 'Fall tryouts', status: 'failed', statusReason: 'A clip could not be read.', outputs: [] });

const list = () => screen.findByRole('region', { name: 'Reels and films' });
/** A reel's row, by its id (rows are unnamed: the library's own rows are named by the same titles). */
const row = (section: HTMLElement, id: number) => within(section).findByTestId(`reel-${id}`);

describe('the media page’s reels and films', () => {
  it('lists them newest first with their progress, opens a ready one’s video in the library’s preview, and pages on', async () => {
    stubFetch({
      [LIST]: { body: [film, aReel()], headers: { 'X-Next-Cursor': 'n1' } },
      'GET /api/athletes/7/reels?cursor=n1': { body: [failed] },
      'GET /api/media/41': { body: aMediaItem({ id: 41, title: 'Jordan Rivera highlights', mediaType: 'video', mimeType: 'video/mp4', mediaUrl: '/api/uploads/41.mp4' }) },
      'GET /api/media/41/comments': { body: [] },
    });
    renderWithProviders(<ReelsSection athlete={anAthlete()} />, { route: '/media', user: testUser });
    const section = await list();
    const rows = await within(section).findAllByRole('listitem');
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual(['reel-6', 'reel-5']);
    expect(within(rows[0]!).getByText("Jordan's 2026 Spring film")).toBeTruthy();

    const filmRow = rows[0]!;
    expect(within(filmRow).getByText('Film')).toBeTruthy();
    expect(within(filmRow).getByRole('progressbar', { name: "Rendering Jordan's 2026 Spring film" })).toBeTruthy();
    expect(within(filmRow).getByText('40%')).toBeTruthy();
    expect(within(filmRow).queryByRole('button', { name: /^Open / })).toBeNull();

    const reelRow = rows[1]!;
    expect(within(reelRow).getByText('Reel')).toBeTruthy();
    expect(within(reelRow).getByRole('button', { name: 'Open the landscape video of Jordan Rivera highlights' })).toBeTruthy();
    fireEvent.click(within(reelRow).getByRole('button', { name: 'Open the vertical video of Jordan Rivera highlights' }));
    const preview = await screen.findByRole('dialog', { name: 'Jordan Rivera highlights' });
    expect(preview.querySelector('video')?.getAttribute('src')).toBe('/api/uploads/41.mp4');

    fireEvent.click(within(section).getByRole('button', { name: 'Show more' }));
    const failedRow = await row(section, 4);
    expect(within(failedRow).getByText('Fall tryouts')).toBeTruthy();
    expect(within(failedRow).getByText('Not made: A clip could not be read.')).toBeTruthy();
  });

  it('edits a reel in the builder, filled in as it was made', async () => {
    const { calls } = stubFetch({
      [LIST]: { body: [aReel({ title: 'Spring reel' })] },
      'GET /api/athletes/7/media?type=video': { body: [aMediaItem({ id: 1, title: 'Double', mediaType: 'video', status: 'ready' })] },
    });
    renderWithProviders(<ReelsSection athlete={anAthlete()} />, { route: '/media', user: testUser });
    const section = await list();
    fireEvent.click(await within(section).findByRole('button', { name: 'Edit Spring reel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit highlight reel' });
    expect((within(dialog).getByLabelText(/Reel title/) as HTMLInputElement).value).toBe('Spring reel');
    expect(within(dialog).getByRole('button', { name: 'Save and make again' })).toBeTruthy();
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('deletes a reel after saying its videos go and its clips stay', async () => {
    const { calls, routes } = stubFetch({
      [LIST]: { body: [aReel(), failed] },
      'DELETE /api/reels/5': { status: 204 },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithProviders(<ReelsSection athlete={anAthlete()} />, { route: '/media', user: testUser });
    const section = await list();
    routes[LIST] = { body: [failed] };
    fireEvent.click(await within(section).findByRole('button', { name: 'Delete Jordan Rivera highlights' }));
    expect(confirm).toHaveBeenCalledWith(
      'Delete “Jordan Rivera highlights”? Its rendered videos are deleted from the media library too. The clips it was made from stay.',
    );
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/reels/5')).toBe(true));
    await waitFor(() => expect(within(section).queryByTestId('reel-5')).toBeNull());
    expect(await screen.findByText('Reel deleted')).toBeTruthy();
  });

  it('keeps a reel when the question is answered no', async () => {
    const { calls } = stubFetch({ [LIST]: { body: [aReel()] } });
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    renderWithProviders(<ReelsSection athlete={anAthlete()} />, { route: '/media', user: testUser });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Jordan Rivera highlights' }));
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('shows a family member who may not edit the reels to watch, without Edit or Delete', async () => {
    stubFetch({ [LIST]: { body: [aReel()] } });
    const viewer = anAthlete({ role: 'viewer', permissions: { edit: false, manageCircle: false } });
    renderWithProviders(<ReelsSection athlete={viewer} />, { route: '/media', user: testUser });
    const section = await list();
    expect(await within(section).findByRole('button', { name: 'Open the landscape video of Jordan Rivera highlights' })).toBeTruthy();
    expect(within(section).queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(within(section).queryByRole('button', { name: /^Delete / })).toBeNull();
  });

  it('says a film is finding its highlights while the season’s detection runs', async () => {
    stubFetch({ [LIST]: { body: [aReel({ ...film, clipIds: [], segments: null, progress: 0 })] } });
    renderWithProviders(<ReelsSection athlete={anAthlete()} />, { route: '/media', user: testUser });
    const filmRow = await row(await list(), 6);
    expect(within(filmRow).getByText('Finding highlights')).toBeTruthy();
    expect(within(filmRow).queryByText('0%')).toBeNull();
  });

  it('shows nothing before the first reel', async () => {
    const { calls } = stubFetch({ [LIST]: { body: [] } });
    renderWithProviders(<ReelsSection athlete={anAthlete()} />, { route: '/media', user: testUser });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Reels and films' })).toBeNull();
  });
});
