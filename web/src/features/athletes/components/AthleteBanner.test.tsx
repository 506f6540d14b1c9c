import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { AthleteBanner } from './AthleteBanner';
import { anAthlete } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';

afterEach(cleanup);

describe('AthleteBanner', () => {
  it("shows the athlete's photo when there is one", () => {
    renderWithProviders(<AthleteBanner athlete={anAthlete({ name: 'Jordan Lee', photoUrl: '/api/athletes/1/photo?v=abc' })} />);
    const img = screen.getByRole('img', { name: 'Jordan Lee' });
    expect(img.getAttribute('src')).toBe('/api/athletes/1/photo?v=abc');
  });

  it('shows the initials without one', () => {
    const { container } = renderWithProviders(<AthleteBanner athlete={anAthlete({ name: 'Jordan Lee', photoUrl: null })} />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('JL')).toBeTruthy();
  });
});
