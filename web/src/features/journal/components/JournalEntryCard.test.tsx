import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders, testUser } from '../../../test/render';
import { JournalEntryCard } from './JournalEntryCard';
import { anEnhancedEntry, anEntry } from '../../../test/fixtures';
import { stubFetch } from '../../../test/fetch';
import { goOffline, goOnline } from '../../../test/network';

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderCard(entry = anEntry(), onEdit = vi.fn()) {
  renderWithProviders(<JournalEntryCard entry={entry} onEdit={onEdit} />, { route: '/journal', user: testUser });
  return { onEdit };
}

function openMenu() {
  fireEvent.click(screen.getByRole('button', { name: 'Entry actions' }));
}

describe('JournalEntryCard content', () => {
  it('cuts content at 300 characters with Read more / Show less', () => {
    const content = `${'a'.repeat(300)} and the rest of the story`;
    renderCard(anEntry({ content }));

    expect(screen.getByText(`${'a'.repeat(300)}…`)).toBeTruthy();
    expect(screen.queryByText(content)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Read more' }));
    expect(screen.getByText(content)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.getByText(`${'a'.repeat(300)}…`)).toBeTruthy();
  });

  it('shows no Read more for short content', () => {
    renderCard();
    expect(screen.getByText(anEntry().content)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Read more' })).toBeNull();
  });

  it('shows the enhanced text with a switch to the original and back', () => {
    const entry = anEnhancedEntry();
    renderCard(entry);

    expect(screen.getByText(entry.enhancedContent!)).toBeTruthy();
    expect(screen.getByText('Enhanced with AI')).toBeTruthy();
    expect(screen.getByText('claude-haiku')).toBeTruthy();
    expect(screen.getByText(entry.aiSummary!)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show original' }));
    expect(screen.getByText(entry.content)).toBeTruthy();
    expect(screen.queryByText(entry.enhancedContent!)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show enhanced' }));
    expect(screen.getByText(entry.enhancedContent!)).toBeTruthy();
  });

  it('labels the offline cleanup as what it is, never as AI, and its picked sentences as such', () => {
    renderCard(anEnhancedEntry({ aiEnhanced: false, aiProvider: 'basic', aiModel: null }));
    expect(screen.getByText('Cleaned up offline — no AI used')).toBeTruthy();
    expect(screen.getByText('Key sentences')).toBeTruthy();
    expect(screen.queryByText('Summary')).toBeNull();
    expect(screen.queryByText(/Enhanced with AI|AI enhanced/i)).toBeNull();
  });

  it('calls an enhanced version that does not say a model made it offline work', () => {
    renderCard(anEnhancedEntry({ aiEnhanced: false, aiProvider: null, aiModel: null }));
    expect(screen.getByText('Cleaned up offline — no AI used')).toBeTruthy();
  });

  it('says "no changes needed" when the offline cleanup changed nothing, with no original/enhanced switch', () => {
    renderCard(anEntry({ aiStatus: 'ready', aiProvider: 'basic' }));
    expect(screen.getByText('Offline cleanup — no changes needed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show original' })).toBeNull();
  });

  it("labels a model's work Enhanced with AI, with its Summary", () => {
    renderCard(anEnhancedEntry());
    expect(screen.getByText('Enhanced with AI')).toBeTruthy();
    expect(screen.getByText('Summary')).toBeTruthy();
    expect(screen.queryByText(/offline/i)).toBeNull();
  });

  it('shows Enhancing… while the enhancement is pending', () => {
    renderCard(anEntry({ aiStatus: 'pending', aiEnhanced: true }));
    expect(screen.getByText('Enhancing…')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows a failed enhancement with its reason, and Retry POSTs to enhance', async () => {
    const { calls } = stubFetch({
      'POST /api/journal/1/enhance': { status: 202, body: anEntry({ aiStatus: 'pending' }) },
    });
    renderCard(anEntry({ aiStatus: 'failed', aiStatusReason: 'The AI service timed out' }));

    expect(screen.getByText('The AI service timed out')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/journal/1/enhance')).toBe(true));
  });

  it('offers suggested tags the entry lacks, and adding one PUTs the whole entry with it', async () => {
    const entry = anEnhancedEntry();
    const { calls } = stubFetch({ 'PUT /api/journal/1': (body) => ({ body: { ...entry, ...(body as object) } }) });
    renderCard(entry);

    expect(screen.getByText('Add tag')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add tag game reflection' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add tag Pitching' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeTruthy());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      title: entry.title,
      content: entry.content,
      date: entry.date,
      tags: ['Game Reflection', 'Pitching'],
      enhanceWithAI: false,
    });
  });
});

describe('JournalEntryCard actions', () => {
  it('makes a private entry visible to family with PUT {isPrivate:false} and says so', async () => {
    const { calls } = stubFetch({ 'PUT /api/journal/1': { body: anEntry({ isPrivate: false }) } });
    renderCard(anEntry({ isPrivate: true }));

    expect(screen.getByText('Only you')).toBeTruthy();
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Make visible to family' }));

    expect(await screen.findByText('Privacy updated')).toBeTruthy();
    expect(screen.getByText('Entry is now public')).toBeTruthy();
    expect(calls).toEqual([{ method: 'PUT', url: '/api/journal/1', body: { isPrivate: false } }]);
  });

  it('says in words who sees an entry shared with the family', () => {
    renderCard(anEntry({ isPrivate: false }));
    expect(screen.getByText('Shared with family')).toBeTruthy();
    expect(screen.queryByText('Only you')).toBeNull();
  });

  it('reports a failed privacy change', async () => {
    stubFetch({ 'PUT /api/journal/1': { status: 500, body: { message: 'boom' } } });
    renderCard(anEntry({ isPrivate: false }));
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Make private' }));
    expect(await screen.findByText('Failed to update entry privacy.')).toBeTruthy();
  });

  it('asks the exact question before deleting, and deletes only when confirmed', async () => {
    const { calls } = stubFetch({ 'DELETE /api/journal/1': { status: 204 } });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderCard();

    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this journal entry?');
    expect(calls).toHaveLength(0);

    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByText('Entry deleted')).toBeTruthy();
    expect(calls).toEqual([{ method: 'DELETE', url: '/api/journal/1', body: undefined }]);
  });

  it('toggles the favorite star with PATCH and the spec toast', async () => {
    const { calls } = stubFetch({ 'PATCH /api/journal/1/favorite': { body: anEntry({ isFavorite: true }) } });
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: 'Add to favorites' }));
    expect(await screen.findByText('Added to favorites')).toBeTruthy();
    expect(calls[0]).toMatchObject({ method: 'PATCH', url: '/api/journal/1/favorite' });
  });

  it('reverts an enhancement from the menu', async () => {
    const { calls } = stubFetch({ 'DELETE /api/journal/1/enhancement': { body: anEntry() } });
    renderCard(anEnhancedEntry());
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Revert to original' }));
    await waitFor(() => expect(calls[0]).toMatchObject({ method: 'DELETE', url: '/api/journal/1/enhancement' }));
  });

  it('opens the editor from the menu', () => {
    const entry = anEntry();
    const { onEdit } = renderCard(entry);
    openMenu();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledWith(entry);
  });
});

describe('JournalEntryCard offline (issue 34)', () => {
  afterEach(() => goOnline());

  it('leaves a journal entry readable offline, with its star and changes disabled and Copy content kept', async () => {
    renderCard();
    goOffline();
    expect(screen.getByText(anEntry().content)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add to favorites' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Entry actions' }));
    const item = async (name: string) => (await screen.findByRole('menuitem', { name })) as HTMLButtonElement;
    expect((await item('Edit')).disabled).toBe(true);
    expect((await item('Delete')).disabled).toBe(true);
    expect((await item('Copy content')).disabled).toBe(false);
  });
});
