import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, testUser } from '../../../test/render';
import { aMediaItem, anAthlete } from '../../../test/fixtures';
import { stubFetch } from '../../../test/fetch';
import type { Reel } from '../api';
import { SeasonFilmButton } from './SeasonFilmButton';
import { SeasonFilmDialog } from './SeasonFilmDialog';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const aFilm = (over: Partial<Reel> = {}): Reel => ({
  id: 9, athleteId: 7, status: 'pending', statusReason: '', title: "Jordan's 2026 Spring film", clipIds: [3, 1], titleSlide: null, endSlide: null,
  spotlight: [], formats: ['landscape', 'vertical'], outputs: [], kind: 'film', segments: [{ clipId: 3, start: 0, end: 30 }, { clipId: 1, start: 2, end: 32 }],
  from: '2026-02-01', to: '2026-06-30', createdAt: '', updatedAt: '', ...over,
});

describe('the one-minute film', () => {
  it('cuts the athlete’s season in both formats by default, then follows the render and plays the film', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T12:00:00Z'), toFake: ['Date'] });
    const { calls, routes } = stubFetch({
      'GET /api/athletes': { body: [anAthlete()] },
      'POST /api/athletes/7/season-films': { status: 202, body: aFilm() },
      'GET /api/reels/9': { body: aFilm({ status: 'processing', progress: 0.3 }) },
      'GET /api/media/50': { body: aMediaItem({ id: 50, mediaType: 'video', mimeType: 'video/mp4', mediaUrl: '/api/uploads/50.mp4' }) },
    });
    renderWithProviders(<SeasonFilmButton />, { route: '/media', user: testUser });
    const open = await screen.findByRole('button', { name: 'One-minute film' });
    await waitFor(() => expect((open as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Make a one-minute film' });
    expect((within(dialog).getByLabelText(/Film title/) as HTMLInputElement).value).toBe("Jordan's 2026 Spring film");
    expect((within(dialog).getByLabelText(/From/) as HTMLInputElement).value).toBe('2026-02-01');
    expect((within(dialog).getByLabelText(/To/) as HTMLInputElement).value).toBe('2026-06-30');
    expect((within(dialog).getByRole('checkbox', { name: 'Landscape (for coaches and links)' }) as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByRole('checkbox', { name: 'Vertical 9:16 (for phones)' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/From/), { target: { value: '2026-03-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make film' }));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: "Jordan's 2026 Spring film", from: '2026-03-01', to: '2026-06-30', formats: ['landscape', 'vertical'], seconds: 60,
    });
    expect(await within(dialog).findByText('30%')).toBeTruthy();
    expect(within(dialog).getByText('Making your film…')).toBeTruthy();

    routes['GET /api/reels/9'] = { body: aFilm({ status: 'ready', progress: 1, outputs: [{ format: 'landscape', mediaId: 50 }, { format: 'vertical', mediaId: 51 }] }) };
    const player = await within(dialog).findByTestId('reel-video', {}, { timeout: 4000 });
    expect(player.getAttribute('src')).toBe('/api/uploads/50.mp4');
    expect(within(dialog).getByText('Your film is ready. It is in the media library, where you can share it.')).toBeTruthy();
    expect(await screen.findByText('Film ready')).toBeTruthy();
  });

  it('says it is finding the highlights while the season’s detection runs, then shows the render', async () => {
    const waiting = { clipIds: [], segments: null };
    const { routes } = stubFetch({
      'POST /api/athletes/7/season-films': { status: 202, body: aFilm(waiting) },
      'GET /api/reels/9': { body: aFilm({ ...waiting, status: 'processing', progress: 0 }) },
    });
    renderWithProviders(<SeasonFilmDialog athlete={anAthlete()} onClose={() => {}} />, { route: '/media', user: testUser });
    const dialog = await screen.findByRole('dialog', { name: 'Make a one-minute film' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make film' }));
    expect(await within(dialog).findByText('Finding the season’s highlights in its videos…')).toBeTruthy();
    routes['GET /api/reels/9'] = { body: aFilm({ status: 'processing', progress: 0.5 }) };
    expect(await within(dialog).findByText('Making your film…', {}, { timeout: 4000 })).toBeTruthy();
  });

  it('says so in the dialog when the dates hold no videos (422)', async () => {
    stubFetch({
      'POST /api/athletes/7/season-films': { status: 422, body: { message: 'There are no videos in these dates to make a film from.' } },
    });
    renderWithProviders(<SeasonFilmDialog athlete={anAthlete()} onClose={() => {}} />, { route: '/media', user: testUser });
    const dialog = await screen.findByRole('dialog', { name: 'Make a one-minute film' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make film' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('There are no videos in these dates to make a film from.');
    expect(within(dialog).getByRole('button', { name: 'Make film' })).toBeTruthy();
    // Other dates: the answer about the first ones goes.
    fireEvent.change(within(dialog).getByLabelText(/^From/), { target: { value: '2025-02-01' } });
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
  });

  it('puts the server’s field messages under their fields (400) and checks the form before sending', async () => {
    const { calls } = stubFetch({
      'POST /api/athletes/7/season-films': {
        status: 400,
        body: { message: 'A film covers at most two years', errors: { to: 'A film covers at most two years' } },
      },
    });
    renderWithProviders(<SeasonFilmDialog athlete={anAthlete()} onClose={() => {}} />, { route: '/media', user: testUser });
    const dialog = await screen.findByRole('dialog', { name: 'Make a one-minute film' });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Landscape (for coaches and links)' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Vertical 9:16 (for phones)' }));
    fireEvent.change(within(dialog).getByLabelText(/Film title/), { target: { value: '  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make film' }));
    expect(await within(dialog).findByText('Choose a format.')).toBeTruthy();
    expect(within(dialog).getByText('Title is required')).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Film title/), { target: { value: 'Two seasons' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Vertical 9:16 (for phones)' }));
    fireEvent.change(within(dialog).getByLabelText(/From/), { target: { value: '2022-01-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make film' }));
    expect(await within(dialog).findByText('A film covers at most two years')).toBeTruthy();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect((within(dialog).getByLabelText(/To/) as HTMLInputElement).getAttribute('aria-invalid')).toBe('true');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ title: 'Two seasons', from: '2022-01-01', formats: ['vertical'], seconds: 60 });
  });
});
