import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { MilestonesView } from './MilestonesView';
import { aFamilyAthlete, anAthlete } from '../../../test/fixtures';
import { renderWithProviders, testUser } from '../../../test/render';
import { stubFetch } from '../../../test/fetch';

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});

const captain = { id: 4, title: 'Named captain', date: '2026-05-30', type: 'other', description: 'Voted by the team.' };

describe('Milestones page', () => {
  it('offers Add Your First Milestone when empty, and adds one', async () => {
    let list: unknown[] = [];
    const { calls } = stubFetch({
      'GET /api/athletes': { body: [anAthlete()] },
      'GET /api/athletes/7/milestones': () => ({ body: list }),
      'POST /api/athletes/7/milestones': (body) => {
        list = [{ id: 9, ...(body as object) }];
        return { status: 201, body: list[0] };
      },
    });
    renderWithProviders(<MilestonesView />, { route: '/milestones', user: testUser });

    expect(await screen.findByText('No milestones yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Your First Milestone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Milestone' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Milestone' }));
    expect(await within(dialog).findByText('Title is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'First varsity start' } });
    fireEvent.change(within(dialog).getByLabelText(/^Date/), { target: { value: '2026-03-14' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Six innings.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Milestone' }));

    expect(await screen.findByText('Milestone Added')).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'First varsity start' })).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'First varsity start',
      date: '2026-03-14',
      type: 'achievement',
      description: 'Six innings.',
    });
  });

  it('links each milestone to the journal entries and media of its date', async () => {
    stubFetch({
      'GET /api/athletes': { body: [anAthlete()] },
      'GET /api/athletes/7/milestones': { body: [captain] },
    });
    renderWithProviders(<MilestonesView />, { route: '/milestones', user: testUser });

    const item = await screen.findByRole('article', { name: 'Named captain' });
    expect(within(item).getByText('Other')).toBeTruthy();
    expect(within(item).getByText('Voted by the team.')).toBeTruthy();
    expect(within(item).getByRole('link', { name: 'View associated journal entries' }).getAttribute('href')).toBe(
      '/journal?date=2026-05-30',
    );
    expect(within(item).getByRole('link', { name: 'View media' }).getAttribute('href')).toBe('/media?date=2026-05-30');
  });

  it('shows a viewer the timeline without Add or the actions menu', async () => {
    stubFetch({
      'GET /api/athletes': { body: [aFamilyAthlete('viewer')] },
      'GET /api/athletes/9/milestones': { body: [captain] },
    });
    renderWithProviders(<MilestonesView />, { route: '/milestones', user: testUser });

    expect(await screen.findByRole('article', { name: 'Named captain' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add Milestone' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Actions for/ })).toBeNull();
  });

  it('lets a viewer react and comment under each milestone; the timeline is read again for the count', async () => {
    let comments: unknown[] = [];
    const { calls } = stubFetch({
      'GET /api/athletes': { body: [aFamilyAthlete('viewer')] },
      'GET /api/athletes/9/milestones': () => ({ body: [{ ...captain, commentCount: comments.length }] }),
      'GET /api/milestones/4/comments': () => ({ body: comments }),
      'POST /api/milestones/4/comments': (body) => {
        comments = [{ id: 2, body: (body as { body: string }).body, authorName: 'Ana Rivera', createdAt: '2026-05-30T18:00:00Z', updatedAt: '2026-05-30T18:00:00Z', edited: false, mine: true, canDelete: true }];
        return { status: 201, body: comments[0] };
      },
      'PUT /api/milestones/4/reaction': { body: { counts: { '👏': 1 }, mine: '👏' } },
    });
    renderWithProviders(<MilestonesView />, { route: '/milestones', user: testUser });

    const item = await screen.findByRole('article', { name: 'Named captain' });
    fireEvent.click(within(item).getByRole('button', { name: 'React with 👏' }));
    expect((await within(item).findByRole('button', { name: 'React with 👏 (1)' })).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(within(item).getByRole('button', { name: 'Comment' }));
    fireEvent.change(await within(item).findByRole('textbox', { name: 'Write a comment' }), { target: { value: 'Well deserved' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Post' }));
    expect(within(await within(item).findByRole('list', { name: 'Comments' })).getByText('Well deserved')).toBeTruthy();
    expect(within(item).getByRole('button', { name: '1 comment' })).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/athletes/9/milestones').length).toBe(2));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ emoji: '👏' });
  });

  it('deletes after confirmation', async () => {
    let list: unknown[] = [captain];
    const { calls } = stubFetch({
      'GET /api/athletes': { body: [anAthlete()] },
      'GET /api/athletes/7/milestones': () => ({ body: list }),
      'DELETE /api/milestones/4': () => {
        list = [];
        return { status: 204 };
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderWithProviders(<MilestonesView />, { route: '/milestones', user: testUser });

    fireEvent.click(await screen.findByRole('button', { name: 'Actions for Named captain' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByText('Milestone deleted')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('No milestones yet')).toBeTruthy());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });
});
