import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, testUser } from '../../../test/render';
import { aMediaItem, anAthlete } from '../../../test/fixtures';
import { stubFetch } from '../../../test/fetch';
import type { Reel } from '../api';
import { ReelBuilderDialog } from './ReelBuilderDialog';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const video = (id: number, title: string, status: 'ready' | 'processing' = 'ready') =>
  aMediaItem({ id, title, mediaType: 'video', mimeType: 'video/mp4', mediaUrl: `/api/uploads/${id}.mp4`, duration: 4, status });

const reel = (over: Partial<Reel> = {}): Reel => ({
  id: 5, athleteId: 7, status: 'pending', statusReason: '', title: 'Jordan Rivera highlights', clipIds: [3, 1],
  titleSlide: null, endSlide: null, spotlight: [], formats: ['landscape'], outputs: [], kind: 'reel', segments: null, from: null, to: null,
  createdAt: '', updatedAt: '', ...over,
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

  it('ends with a contact slide whose lines start as the title slide’s', async () => {
    const { calls } = stubFetch({
      'GET /api/athletes/7/media?type=video': { body: [video(1, 'Double')] },
      'POST /api/athletes/7/reels': { status: 202, body: reel() },
      'GET /api/reels/5': { body: reel({ status: 'processing', progress: 0.1 }) },
    });
    renderWithProviders(<ReelBuilderDialog athlete={anAthlete()} onClose={() => {}} />, { route: '/media', user: testUser });
    const dialog = await screen.findByRole('dialog', { name: 'Make a highlight reel' });
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: 'Double' }));
    const titleSlide = within(dialog).getByRole('group', { name: 'Title slide lines' });
    fireEvent.change(within(titleSlide).getByLabelText('Jersey number'), { target: { value: '12' } });
    expect(within(dialog).queryByRole('group', { name: 'Contact slide lines' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('switch', { name: /^End with a contact slide/ }));
    const endSlide = within(dialog).getByRole('group', { name: 'Contact slide lines' });
    expect((within(endSlide).getByLabelText('Jersey number') as HTMLInputElement).value).toBe('12');
    expect((within(endSlide).getByLabelText('Name') as HTMLInputElement).value).toBe('Jordan Rivera');
    fireEvent.change(within(endSlide).getByLabelText('Contact (e-mail or phone)'), { target: { value: 'coach@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make reel' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')?.body as { titleSlide: object; endSlide: object };
    expect(body.titleSlide).toEqual({ name: 'Jordan Rivera', number: '12', position: 'Pitcher', classYear: '2028', school: 'Lincoln High School', contact: '' });
    expect(body.endSlide).toEqual({ name: 'Jordan Rivera', number: '12', position: 'Pitcher', classYear: '2028', school: 'Lincoln High School', contact: 'coach@example.com' });
  });

  it('edits a film as it was made and sends its cuts back unchanged with PUT', async () => {
    const slide = { name: 'Jordan Rivera', number: '12', position: 'Pitcher', classYear: '2028', school: 'Lincoln High School', contact: 'jr@example.com' };
    const segments = [{ clipId: 3, start: 1.5, end: 9 }, { clipId: 1, start: 0, end: 4 }, { clipId: 3, start: 20, end: 31 }];
    const film = reel({
      id: 8, kind: 'film', status: 'ready', title: "Jordan's 2026 Spring film", clipIds: [3, 1, 3], titleSlide: slide, endSlide: { ...slide, number: '7' },
      spotlight: [{ clipId: 1, at: 1, x: 0.5, y: 0.5, seconds: 3 }], formats: ['landscape', 'vertical'], segments, from: '2026-02-01', to: '2026-06-30',
      outputs: [{ format: 'landscape', mediaId: 40 }, { format: 'vertical', mediaId: 41 }],
    });
    const { calls, routes } = stubFetch({
      'GET /api/athletes/7/media?type=video': { body: [video(1, 'Double'), video(3, 'Strikeout')] },
      'PUT /api/reels/8': { status: 202, body: { ...film, status: 'pending', outputs: [] } },
      'GET /api/reels/8': { body: { ...film, status: 'processing', progress: 0.5, outputs: [] } },
      'GET /api/media/40': { body: video(40, "Jordan's 2026 Spring film") },
    });
    renderWithProviders(<ReelBuilderDialog athlete={anAthlete()} reel={film} onClose={() => {}} />, { route: '/media', user: testUser });
    const dialog = await screen.findByRole('dialog', { name: 'Edit film' });
    expect((within(dialog).getByLabelText(/Reel title/) as HTMLInputElement).value).toBe("Jordan's 2026 Spring film");
    await within(dialog).findAllByRole('button', { name: 'Remove Strikeout' });
    expect(within(dialog).getAllByRole('button', { name: /^Remove / }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Remove Strikeout', 'Remove Double', 'Remove Strikeout',
    ]);
    const endSlide = within(dialog).getByRole('group', { name: 'Contact slide lines' });
    expect((within(endSlide).getByLabelText('Jersey number') as HTMLInputElement).value).toBe('7');
    fireEvent.change(within(dialog).getByLabelText(/Reel title/), { target: { value: 'Spring in a minute' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and make again' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      title: 'Spring in a minute',
      clipIds: [3, 1, 3],
      titleSlide: slide,
      endSlide: { ...slide, number: '7' },
      spotlight: [{ clipId: 1, at: 1, x: 0.5, y: 0.5, seconds: 3 }],
      formats: ['landscape', 'vertical'],
      segments,
    });
    // The render of the edit, not the finished one before it: progress, then the film again.
    expect(await within(dialog).findByText('Making your film…')).toBeTruthy();
    routes['GET /api/reels/8'] = { body: film };
    expect(await within(dialog).findByText('Your film is ready. It is in the media library, where you can share it.', {}, { timeout: 4000 })).toBeTruthy();
  });

  it('sends an end slide turned off as none when the reel had one', async () => {
    const slide = { name: 'Jordan Rivera', number: '', position: 'Pitcher', classYear: '2028', school: 'Lincoln High School', contact: '' };
    const made = reel({ status: 'ready', clipIds: [1], titleSlide: null, endSlide: slide });
    const { calls } = stubFetch({
      'GET /api/athletes/7/media?type=video': { body: [video(1, 'Double')] },
      'PUT /api/reels/5': { status: 202, body: made },
      'GET /api/reels/5': { body: made },
    });
    renderWithProviders(<ReelBuilderDialog athlete={anAthlete()} reel={made} onClose={() => {}} />, { route: '/media', user: testUser });
    const dialog = await screen.findByRole('dialog', { name: 'Edit highlight reel' });
    expect(within(dialog).queryByRole('group', { name: 'Title slide lines' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('switch', { name: /^End with a contact slide/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save and make again' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ title: 'Jordan Rivera highlights', clipIds: [1], titleSlide: null, endSlide: null, spotlight: [], formats: ['landscape'] });
  });
});
