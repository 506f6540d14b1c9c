import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { DemoAthlete } from './DemoAthlete';
import { anAthlete, anEntry, anEvent, aStat } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { stubFetch } from '../../../test/fetch';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const banner = "You're viewing a demo athlete — sign up for early access to create your own";

describe('DemoAthlete', () => {
  it('shows the demo athlete read-only under the early-access banner', async () => {
    const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
    stubFetch({
      'GET /api/demo': {
        body: {
          athlete: anAthlete({ bio: 'Left-handed pitcher.', profileCompletion: 100 }),
          stats: [aStat(1, 'ERA', '2.14')],
          events: [anEvent(1, 'Regional Showcase', nextWeek, 'game')],
          journal: [anEntry({ id: 5, title: 'Showcase camp notes' })],
          milestones: [{ id: 3, title: 'Named team captain', date: '2026-05-30', type: 'other', description: '' }],
          collegeInterests: [{ id: 1, name: 'State University', interest: 5 }],
          family: [{ id: 9, name: 'Grandma Rose', relationship: 'grandparent', accessLevel: 'viewer' }],
          achievements: [{ id: 4, title: 'All-State First Team', date: '2026-06-02', category: 'award', cardUrl: '/api/demo/achievements/4/card' }],
          media: [{ id: 8, title: 'Opening day at Lincoln Field', description: '', thumbnailUrl: '/api/demo/media/8/image', mediaUrl: '/api/demo/media/8/image' }],
        },
      },
    });
    renderWithProviders(<DemoAthlete />);

    expect(await screen.findByText('Class of 2028')).toBeTruthy();
    expect(screen.getByText(banner)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Early Access' }).getAttribute('href')).toBe('/early-access');
    expect(screen.getByText('Regional Showcase')).toBeTruthy();
    expect(screen.getByText('100%')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create Athlete Profile' })).toBeNull();
    // The dashboard a family sees: what they wrote, and the way to make your own.
    expect(screen.getByText('Showcase camp notes')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Named team captain' })).toBeTruthy();
    // No one is signed in to react or comment.
    expect(screen.queryByRole('group', { name: 'Reactions' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Comment' })).toBeNull();
    expect(screen.getByText('State University')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create your own' }).getAttribute('href')).toBe('/early-access');
    // The family circle and the showcase, as a family's dashboard has them.
    expect(screen.getByText('Grandma Rose')).toBeTruthy();
    expect(screen.getByText('Viewer')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'All-State First Team card' }).getAttribute('src')).toBe('/api/demo/achievements/4/card');
    expect(screen.getByRole('img', { name: 'Opening day at Lincoln Field' }).getAttribute('src')).toBe('/api/demo/media/8/image');
    // Every link stays on public pages: none leads into the signed-in app, which would ask to sign in.
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs.filter((h) => /^\/(events|stats|recruiting|journal|media|dashboard)/.test(h ?? ''))).toEqual([]);
  });

  it('says so when the demo cannot be loaded', async () => {
    stubFetch({ 'GET /api/demo': { status: 503, body: { message: 'Service unavailable' } } });
    renderWithProviders(<DemoAthlete />);

    expect(await screen.findByText("We couldn't load the demo athlete. Please try again in a moment.")).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
