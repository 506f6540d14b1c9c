import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders, testUser } from '../../../test/render';
import { JournalSection } from './JournalSection';
import { anAthlete, anEnhancedEntry, anEntry, someStats } from '../../../test/fixtures';
import { stubFetch } from '../../../test/fetch';

// The dashboard's Journal Entries section (JournalSection.tsx beside this file).

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

function renderSection(hasProfile = true) {
  return renderWithProviders(<JournalSection hasProfile={hasProfile} />, { route: '/dashboard', user: testUser });
}

describe('Dashboard journal section', () => {
  it('shows the latest 2 entries compactly with their enhancement state, and a link to all', async () => {
    const { calls } = stubFetch({
      'GET /api/athletes': { body: [anAthlete()] },
      'GET /api/athletes/7/journal?limit=2': {
        body: [anEntry({ id: 2, title: 'Bullpen', aiStatus: 'pending' }), anEnhancedEntry({ id: 1 })],
      },
    });
    renderSection();

    const first = await screen.findByRole('article', { name: 'Bullpen' });
    expect(within(first).getByText('Enhancing')).toBeTruthy();
    const second = screen.getByRole('article', { name: 'Game vs Central' });
    expect(within(second).getByText('AI enhanced')).toBeTruthy();
    expect(within(second).getByText(anEnhancedEntry().enhancedContent!)).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'View all entries' }).getAttribute('href')).toBe('/journal');
    expect(calls.filter((c) => c.url.includes('/journal'))[0]?.url).toBe('/api/athletes/7/journal?limit=2');
  });

  it('badges the offline cleanup as what it is, never as AI, and an unchanged entry not at all', async () => {
    stubFetch({
      'GET /api/athletes': { body: [anAthlete()] },
      'GET /api/athletes/7/journal?limit=2': {
        body: [
          anEnhancedEntry({ id: 2, title: 'Tidied', aiEnhanced: false, aiProvider: 'basic', aiModel: null }),
          anEntry({ id: 1, title: 'Well written', aiStatus: 'ready', aiProvider: 'basic' }),
        ],
      },
    });
    renderSection();

    const tidied = await screen.findByRole('article', { name: 'Tidied' });
    expect(within(tidied).getByText('Cleaned up offline')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Well written' })).queryByText(/cleaned|enhanced/i)).toBeNull();
    expect(screen.queryByText('AI enhanced')).toBeNull();
  });

  it('shows an empty state when there are no entries', async () => {
    stubFetch({
      'GET /api/athletes': { body: [anAthlete()] },
      'GET /api/athletes/7/journal?limit=2': { body: [] },
    });
    renderSection();
    expect(await screen.findByText('No journal entries yet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View all entries' })).toBeNull();
  });

  it('opens the writing dialog from New Entry and refuses content that is only spaces', async () => {
    const { calls } = stubFetch({
      'GET /api/athletes': { body: [anAthlete()] },
      'GET /api/athletes/7/journal?limit=2': { body: [] },
    });
    renderSection();
    await screen.findByText('No journal entries yet');

    fireEvent.click(screen.getByRole('button', { name: 'New Entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Journal Entry' });
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Practice' } });
    fireEvent.change(within(dialog).getByLabelText(/^Content/), { target: { value: '    ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Entry' }));

    expect(await within(dialog).findByText('Please write content for your journal entry')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('creates an entry from the dialog and shows it', async () => {
    let entries = [] as ReturnType<typeof anEntry>[];
    const { calls } = stubFetch({
      'GET /api/athletes': { body: [anAthlete()] },
      'GET /api/athletes/7/journal?limit=2': () => ({ body: entries }),
      'POST /api/athletes/7/journal': (body) => {
        entries = [anEntry({ ...(body as object), id: 5 })];
        return { status: 201, body: entries[0] };
      },
      'GET /api/athletes/7/journal/stats': { body: someStats() },
    });
    renderSection();
    await screen.findByText('No journal entries yet');

    fireEvent.click(screen.getByRole('button', { name: 'New Entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Journal Entry' });
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Tryouts' } });
    fireEvent.change(within(dialog).getByLabelText(/^Content/), { target: { value: 'Made the varsity roster.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Entry' }));

    expect(await screen.findByText('Entry Created')).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Tryouts' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ title: 'Tryouts', enhanceWithAI: true });
  });

  it('without a profile disables New Entry and fetches no entries', async () => {
    const { calls } = stubFetch({ 'GET /api/athletes': { body: [] } });
    renderSection(false);
    const button = screen.getByRole('button', { name: 'New Entry' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('No journal entries yet')).toBeTruthy();
    expect(calls.some((c) => c.url.includes('/journal'))).toBe(false);
  });
});
