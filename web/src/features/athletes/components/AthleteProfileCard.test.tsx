import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { AthleteProfileCard } from './AthleteProfileCard';
import { anAthlete, anEvent, aStat } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';

afterEach(cleanup);

const now = new Date('2026-05-01T12:00:00Z');

describe('AthleteProfileCard', () => {
  it('shows the banner: name, sports | position, class, GPA and school', () => {
    renderWithProviders(<AthleteProfileCard athlete={anAthlete()} stats={[]} events={[]} now={now} />);
    expect(screen.getByRole('heading', { name: 'Jordan Rivera' })).toBeTruthy();
    expect(screen.getByText('JR')).toBeTruthy();
    expect(screen.getByText('Baseball | Pitcher')).toBeTruthy();
    expect(screen.getByText('Class of 2028')).toBeTruthy();
    expect(screen.getByText('GPA 3.85')).toBeTruthy();
    expect(screen.getByText('Lincoln High School')).toBeTruthy();
  });

  it('shows only the sports without a position and no GPA badge without a GPA', () => {
    renderWithProviders(
      <AthleteProfileCard athlete={anAthlete({ position: '', gpa: null, sports: 'Softball' })} stats={[]} events={[]} now={now} />,
    );
    expect(screen.getByText('Softball')).toBeTruthy();
    expect(screen.queryByText(/^GPA /)).toBeNull();
  });

  it('shows the top three interested colleges by interest', () => {
    const colleges = [
      { id: 1, name: 'Coastal College', interest: 2 },
      { id: 2, name: 'State University', interest: 5 },
      { id: 3, name: 'Lake Tech', interest: 4 },
      { id: 4, name: 'Hill College', interest: 3 },
    ];
    renderWithProviders(<AthleteProfileCard athlete={anAthlete()} stats={[]} events={[]} now={now} colleges={colleges} />);
    expect(screen.getByText('State University')).toBeTruthy();
    expect(screen.getByText('Lake Tech')).toBeTruthy();
    expect(screen.getByText('Hill College')).toBeTruthy();
    expect(screen.queryByText('Coastal College')).toBeNull();
    expect(screen.queryByText('No college interests yet')).toBeNull();
  });

  it('says so when there are no events or stats', () => {
    renderWithProviders(<AthleteProfileCard athlete={anAthlete()} stats={[]} events={[]} now={now} />);
    expect(screen.getByText('No upcoming events')).toBeTruthy();
    expect(screen.getByText('No stats available')).toBeTruthy();
    expect(screen.getByText('No college interests yet')).toBeTruthy();
  });

  it('shows the completion percentage from the data and the bio hint while the bio is empty', () => {
    renderWithProviders(<AthleteProfileCard athlete={anAthlete({ profileCompletion: 57 })} stats={[]} events={[]} now={now} />);
    expect(screen.getByText('57%')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('57');
    expect(screen.getByText('Complete your bio to help coaches get to know you')).toBeTruthy();
  });

  it('lists the next two events and the first three stats', () => {
    const events = [
      anEvent(1, 'Last week', '2026-04-24T18:00:00Z', 'game'),
      anEvent(2, 'Regional Showcase', '2026-05-10T18:00:00Z', 'game'),
      anEvent(3, 'Prospect Camp', '2026-05-31T09:00:00Z'),
      anEvent(4, 'Summer Opener', '2026-07-01T17:00:00Z', 'game'),
    ];
    const stats = [aStat(1, 'ERA', '2.14'), aStat(2, 'Strikeouts', '87'), aStat(3, 'Batting Average', '.342'), aStat(4, 'Innings Pitched', '64.1')];
    renderWithProviders(<AthleteProfileCard athlete={anAthlete()} stats={stats} events={events} now={now} />);

    expect(screen.getByText('Regional Showcase')).toBeTruthy();
    expect(screen.getByText('Prospect Camp')).toBeTruthy();
    expect(screen.queryByText('Last week')).toBeNull();
    expect(screen.queryByText('Summer Opener')).toBeNull();
    expect(screen.getByLabelText('Game')).toBeTruthy();
    expect(screen.getByLabelText('Event')).toBeTruthy();

    expect(screen.getByText('2.14')).toBeTruthy();
    expect(screen.getByText('Batting Average')).toBeTruthy();
    expect(screen.queryByText('Innings Pitched')).toBeNull();
  });

  it('links to the full events and stats pages', () => {
    renderWithProviders(<AthleteProfileCard athlete={anAthlete()} stats={[]} events={[]} now={now} />);
    expect(screen.getByRole('link', { name: 'View all events' }).getAttribute('href')).toBe('/events');
    expect(screen.getByRole('link', { name: 'View detailed stats' }).getAttribute('href')).toBe('/stats');
  });

  it('offers Edit Profile only when editable', () => {
    const { unmount } = renderWithProviders(<AthleteProfileCard athlete={anAthlete()} stats={[]} events={[]} now={now} />);
    expect(screen.queryByRole('button', { name: 'Edit Profile' })).toBeNull();
    unmount();
    renderWithProviders(<AthleteProfileCard athlete={anAthlete()} stats={[]} events={[]} now={now} onEdit={() => {}} />);
    const card = screen.getByRole('region', { name: 'Jordan Rivera' });
    expect(within(card).getByRole('button', { name: 'Edit Profile' })).toBeTruthy();
  });
});
