import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, testUser } from '../../../test/render';
import { aMediaItem, anAthlete } from '../../../test/fixtures';
import { stubFetch } from '../../../test/fetch';
import { ReelBuilderDialog } from './ReelBuilderDialog';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const video = (id: number, title: string, status: 'ready' | 'processing' = 'ready') =>
  aMediaItem({ id, title, mediaType: 'video', mimeType: 'video/mp4', mediaUrl: `/api/uploads/${id}.mp4`, duration: 4, status });

const reel = (over: object = {}) => ({
  id: 5, athleteId: 7, status: 'pending', statusReason: '', title: 'Jordan Rivera highlights', clipIds: [3, 1],
  titleSlide: null, endSlide: null, spotlight: [], formats: ['landscape'], outputs: [], createdAt: '', updatedAt: '', ...over,
});

describe('Make a reel', () => {
  it('sends the clips in the order they were ticked with the title slide from the profile, then plays the reel', async () => {
    const { calls, routes } = stubFetch({
      'GET /api/athletes/7/media?type=video': {
        body: [video(1, 'Double'), video(2, 'Still cutting', 'processing'), video(3, 'Strikeout')],
      },
      'POST /api/athletes/7/reels': { status: 202, body: reel() },
      'GET /api/reels/5': { body: reel({ status: 'processing', progress: 0.4 }) },
      'GET /api/media/40': { body: video(40, 'Jordan Rivera highlights') },
    });
    renderWithProviders(<ReelBuilderDialog athlete={anAthlete()} onClose={() => {}} />, { route: '/media', user: testUser });
    const dialog = await screen.findByRole('dialog', { name: 'Make a highlight reel' });
    expect(within(dialog).queryByRole('checkbox', { name: 'Still cutting' })).toBeNull();
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Strikeout' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Double' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Vertical 9:16 (for phones)' }));
    // The spotlight: the athlete tapped a quarter of the way across and down the strikeout's picture.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Spotlight the athlete in Strikeout' }));
    const picture = within(dialog).getByRole('button', { name: 'Place the spotlight on Strikeout' });
    vi.spyOn(picture, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 10, y: 20, width: 200, height: 100 }));
    fireEvent.click(picture, { clientX: 60, clientY: 45 });
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Jordan Rivera');
    fireEvent.change(within(dialog).getByLabelText('Jersey number'), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make reel' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'Jordan Rivera highlights',
      clipIds: [3, 1],
      titleSlide: { name: 'Jordan Rivera', number: '12', position: 'Pitcher', classYear: '2028', school: 'Lincoln High School', contact: '' },
      spotlight: [{ clipId: 3, at: 0, seconds: 3, x: 0.25, y: 0.25 }],
      formats: ['landscape'],
    });
    expect(await within(dialog).findByText('40%')).toBeTruthy();

    routes['GET /api/reels/5'] = { body: reel({ status: 'ready', progress: 1, outputs: [{ format: 'landscape', mediaId: 40 }] }) };
    const player = await within(dialog).findByTestId('reel-video', {}, { timeout: 4000 });
    expect(player.getAttribute('src')).toBe('/api/uploads/40.mp4');
  });

  it('asks for a clip before sending anything', async () => {
    const { calls } = stubFetch({ 'GET /api/athletes/7/media?type=video': { body: [video(1, 'Double')] } });
    renderWithProviders(<ReelBuilderDialog athlete={anAthlete()} onClose={() => {}} />, { route: '/media', user: testUser });
    const dialog = await screen.findByRole('dialog', { name: 'Make a highlight reel' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make reel' }));
    expect(await within(dialog).findByText('Choose at least one clip.')).toBeTruthy();
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });
});
