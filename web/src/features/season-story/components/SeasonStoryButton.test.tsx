import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import type { SeasonBook } from '../api';
import { SeasonStoryButton } from './SeasonStoryButton';

const owner = { id: 7, name: 'Jordan Rivera', sports: 'Baseball', isOwner: true };

const aBook = (overrides: Partial<SeasonBook> = {}): SeasonBook => ({
  id: 3, athleteId: 7, title: "Jordan's 2026 Spring", from: '2026-02-01', to: '2026-06-30',
  include: { journal: true, aiVersions: false, milestones: true, achievements: true, stats: true, media: true },
  includePrivate: false, status: 'pending', statusReason: '', mediaId: null, url: null, createdAt: '2026-11-27T10:00:00Z', ...overrides,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the Season Story dialog', () => {
  it('asks for the season the athlete played, draws the book and links its PDF', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T12:00:00Z'), toFake: ['Date'] });
    let polls = 0;
    const { calls } = stubFetch({
      'POST /api/athletes/7/season-books': { status: 202, body: aBook() },
      'GET /api/season-books/3': () => {
        polls++;
        return { body: polls < 2 ? aBook({ status: 'processing' }) : aBook({ status: 'ready', mediaId: 40, url: '/api/uploads/book.pdf' }) };
      },
    });
    renderWithProviders(<SeasonStoryButton athlete={owner} />);
    fireEvent.click(screen.getByRole('button', { name: 'Season Story' }));
    expect(((await screen.findByLabelText(/Title/)) as HTMLInputElement).value).toBe("Jordan's 2026 Spring");
    expect((screen.getByLabelText(/From/) as HTMLInputElement).value).toBe('2026-02-01');
    expect((screen.getByLabelText(/To/) as HTMLInputElement).value).toBe('2026-06-30');
    fireEvent.click(screen.getByLabelText('AI-polished versions beside them'));
    fireEvent.click(screen.getByLabelText('Include private entries and clips'));
    fireEvent.click(screen.getByRole('button', { name: 'Make the book' }));

    expect(await screen.findByText('Drawing your book…')).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Open the PDF' }, { timeout: 4000 });
    expect(link.getAttribute('href')).toBe('/api/uploads/book.pdf');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: "Jordan's 2026 Spring", from: '2026-02-01', to: '2026-06-30', includePrivate: true,
      include: { journal: true, aiVersions: true, milestones: true, achievements: true, stats: true, media: true },
    });
  });

  it('offers an editor no private entries, and shows the server’s field messages', async () => {
    const { calls } = stubFetch({
      'POST /api/athletes/7/season-books': { status: 400, body: { message: 'A book covers at most two years', errors: { to: 'A book covers at most two years' } } },
    });
    renderWithProviders(<SeasonStoryButton athlete={{ ...owner, isOwner: false }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Season Story' }));
    expect(await screen.findByText(/Only the athlete’s owner can include private entries/)).toBeTruthy();
    expect(screen.queryByLabelText('Include private entries and clips')).toBeNull();

    for (const part of ['Journal entries', 'Milestones', 'Achievement cards', 'Season stats', 'Clips, with a QR code each']) {
      fireEvent.click(screen.getByLabelText(part));
    }
    fireEvent.click(screen.getByRole('button', { name: 'Make the book' }));
    expect(await screen.findByText('Choose at least one part of the season to include')).toBeTruthy();
    expect(calls).toHaveLength(0);

    fireEvent.click(screen.getByLabelText('Journal entries'));
    fireEvent.click(screen.getByRole('button', { name: 'Make the book' }));
    expect(await screen.findByText('A book covers at most two years')).toBeTruthy();
    await waitFor(() => expect(calls).toHaveLength(1));
    expect((calls[0]!.body as { includePrivate: boolean }).includePrivate).toBe(false);
  });
});
