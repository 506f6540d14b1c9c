import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { RecruitingBriefCard } from './RecruitingBriefCard';
import type { RecruitingBrief } from '../api';
import { renderWithProviders, testUser } from '../../../test/render';
import { stubFetch } from '../../../test/fetch';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const school = (id: number, name: string, periodType: 'dead' | 'contact' | '', text: string) => ({
  collegeInterestId: id,
  name,
  division: 'D1',
  periods: [{ sport: 'softball', periodType, through: periodType ? '2026-12-12' : null, text, sourceUrl: periodType ? 'https://ncaa.example/wsb.pdf' : '', verified: true }],
});

const brief = (over: Partial<RecruitingBrief> = {}): RecruitingBrief => ({
  today: '2026-12-10',
  schools: [
    school(1, 'State University', 'dead', 'State University (D1 softball) is in a dead period through Dec 12: no in-person contact; calls, e-mail and texts are fine.'),
    school(2, 'Valley College', 'contact', 'Valley College (D2 softball) is in a contact period through Jul 31, 2027.'),
    school(3, 'Lakeside', '', 'Lakeside (D3 softball) has no recruiting calendar.'),
    school(4, 'North Tech', 'contact', 'North Tech (D2 softball) is in a contact period through Jul 31, 2027.'),
  ],
  moreSchools: 2,
  keyDates: [{ kind: 'event', date: '2026-12-19', text: 'Sat Dec 19: Winter Showcase (Tampa)', sourceUrl: '' }],
  followUps: [{ collegeInterestId: 1, name: 'State University', dueOn: '2026-12-07', overdue: true, text: 'Follow up with State University: overdue since Mon Dec 7' }],
  openedLinks: [
    { id: 5, collegeInterestId: 1, collegeName: 'State University', coachName: 'Coach Kim', opens: 2, lastOpenedAt: '2026-12-09T15:00:00Z', text: 'Coach Kim (State University) opened your link 2 times this week, last on Wed Dec 9' },
  ],
  disclaimer: 'Transcribed from NCAA publications.',
  emailed: true,
  ...over,
});

describe('Recruiting Brief card', () => {
  it("shows the week's brief: each school's period, key dates and opened links (not the follow-ups, which have their own card)", async () => {
    stubFetch({ 'GET /api/athletes/7/recruiting-brief': { body: brief() } });
    renderWithProviders(<RecruitingBriefCard athleteId={7} />, { route: '/dashboard', user: testUser });

    const schools = await screen.findByRole('region', { name: 'Your schools today' });
    expect(within(schools).getAllByRole('article')).toHaveLength(3);
    expect(within(schools).getByText(/State University \(D1 softball\) is in a dead period through Dec 12/)).toBeTruthy();
    expect(within(schools).getByText('Dead')).toBeTruthy();
    expect(within(schools).getByText('No period')).toBeTruthy();
    expect(within(schools).getAllByRole('link', { name: /^Source: / })[0].getAttribute('href')).toBe('https://ncaa.example/wsb.pdf');
    fireEvent.click(within(schools).getByRole('button', { name: 'Show more' }));
    expect(within(schools).getAllByRole('article')).toHaveLength(4);
    expect(within(schools).getByText('…and 2 more on your list')).toBeTruthy();

    expect(within(screen.getByRole('region', { name: 'Key dates in the next 30 days' })).getByText('Sat Dec 19: Winter Showcase (Tampa)')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Follow-ups due' }), 'the Follow-ups card beside it shows them').toBeNull();
    expect(screen.queryByText(/overdue since Mon Dec 7/)).toBeNull();
    expect(within(screen.getByRole('region', { name: 'Coach links opened this week' })).getByText(/Coach Kim \(State University\) opened your link 2 times/)).toBeTruthy();
    expect(screen.getByText(/Also e-mailed to you each Monday/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Get it by e-mail each Monday' })).toBeNull();
  });

  it('leaves out what is empty, and offers the e-mail when it is off', async () => {
    stubFetch({ 'GET /api/athletes/7/recruiting-brief': { body: brief({ schools: brief().schools.slice(0, 1), moreSchools: 0, keyDates: [], openedLinks: [], emailed: false }) } });
    renderWithProviders(<RecruitingBriefCard athleteId={7} />, { route: '/dashboard', user: testUser });

    expect((await screen.findByRole('link', { name: 'Get it by e-mail each Monday' })).getAttribute('href')).toBe('/profile');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Key dates in the next 30 days' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Coach links opened this week' })).toBeNull();
  });

  it('shows nothing while the family has no colleges on its list', async () => {
    const { calls } = stubFetch({ 'GET /api/athletes/7/recruiting-brief': { body: brief({ schools: [], moreSchools: 0 }) } });
    renderWithProviders(<RecruitingBriefCard athleteId={7} />, { route: '/dashboard', user: testUser });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Recruiting Brief' })).toBeNull();
  });
});
