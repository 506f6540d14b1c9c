import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders } from '../../../test/render';
import { stubFetch } from '../../../test/fetch';
import { aFamilyAthlete, anAthlete } from '../../../test/fixtures';
import type { MeasurablesList, RecruitingProfile } from '../api';
import { MeasurablesCard } from './MeasurablesCard';

afterEach(() => {
  cleanup();
  notifications.clean();
  vi.unstubAllGlobals();
});

const profile: RecruitingProfile = {
  heightIn: 71, weightLb: 180, dominantHand: 'right', dominantFoot: '', satScore: 1340, satTakenOn: '2026-03-14', actScore: null,
  actTakenOn: null, ncaaId: '2109876543', intendedMajor: 'Kinesiology',
  transcript: { id: 9, title: 'Junior transcript', isPrivate: true, url: '/api/uploads/x.pdf' }, updatedAt: '2026-03-15T10:00:00Z',
};

const list: MeasurablesList = {
  plays: ['baseball'],
  catalogue: [
    { sport: 'baseball', label: 'Baseball', foot: false, kinds: [
      { key: 'sixtyYardDash', label: '60-Yard Dash', unit: 's', lowerIsBetter: true, min: 5.8, max: 10 },
      { key: 'exitVelocity', label: 'Exit Velocity', unit: 'mph', min: 30, max: 125 },
    ] },
    { sport: 'golf', label: 'Golf', foot: false, kinds: [] },
  ],
  measurables: [
    { id: 4, sport: 'baseball', sportLabel: 'Baseball', key: 'sixtyYardDash', label: '60-Yard Dash', value: 6.8, unit: 's',
      lowerIsBetter: true, measuredOn: '2026-02-01', verifiedBy: 'Perfect Game' },
  ],
};

function routes(athleteId: number) {
  return {
    [`GET /api/athletes/${athleteId}/recruiting-profile`]: { body: profile },
    [`GET /api/athletes/${athleteId}/measurables`]: { body: list },
  };
}

describe('MeasurablesCard', () => {
  it('shows the body, academics and measurables as a coach reads them', async () => {
    const athlete = anAthlete({ gpa: 3.8 });
    stubFetch({ 'GET /api/athletes': { body: [athlete] }, ...routes(athlete.id) });
    renderWithProviders(<MeasurablesCard />);
    const card = await screen.findByRole('region', { name: 'Measurables & academics' });
    expect(await within(card).findByText('5′ 11″')).toBeTruthy();
    expect(within(card).getByText('180 lb')).toBeTruthy();
    expect(within(card).getByText('3.80')).toBeTruthy();
    expect(within(card).getByText('1340 (Mar 14, 2026)')).toBeTruthy();
    expect(within(card).getByText(/family only: coaches won’t see it/)).toBeTruthy();
    expect(await within(card).findByText('60-Yard Dash · 6.80 s')).toBeTruthy();
    expect(within(card).getByText('Baseball · Feb 1, 2026 · Verified by Perfect Game')).toBeTruthy();
  });

  it('adds a measurable of the athlete’s sport', async () => {
    const athlete = anAthlete();
    const { calls } = stubFetch({
      'GET /api/athletes': { body: [athlete] },
      ...routes(athlete.id),
      [`POST /api/athletes/${athlete.id}/measurables`]: (body) => ({ status: 201, body: { id: 5, ...(body as object) } }),
    });
    renderWithProviders(<MeasurablesCard />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add measurable' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Measurable' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Exit Velocity' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Value (mph)' }), { target: { value: '88' } });
    fireEvent.change(within(dialog).getByLabelText(/Date measured/), { target: { value: '2026-01-20' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Verified by/ }), { target: { value: 'Coach Diaz' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      sport: 'baseball', key: 'exitVelocity', value: 88, measuredOn: '2026-01-20', verifiedBy: 'Coach Diaz',
    });
    expect(await screen.findByText('Measurable added')).toBeTruthy();
  });

  it('lets a viewer read but not change', async () => {
    const athlete = aFamilyAthlete('viewer');
    stubFetch({ 'GET /api/athletes': { body: [athlete] }, ...routes(athlete.id) });
    renderWithProviders(<MeasurablesCard />);
    expect(await screen.findByText('60-Yard Dash · 6.80 s')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add measurable' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('is hidden from one who does not see recruiting', async () => {
    const athlete = aFamilyAthlete('limited');
    const { calls } = stubFetch({
      'GET /api/athletes': { body: [athlete] },
      [`GET /api/athletes/${athlete.id}/recruiting-profile`]: { status: 404, body: { message: 'Not found' } },
    });
    const { container } = renderWithProviders(<MeasurablesCard />);
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/recruiting-profile'))).toBe(true));
    await waitFor(() => expect(container.querySelector('section')).toBeNull());
  });
});
