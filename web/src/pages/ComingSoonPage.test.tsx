import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { ComingSoonPage } from './ComingSoonPage';
import { renderWithProviders } from '../test/render';

describe('ComingSoonPage', () => {
  it('has the heading, the waitlist form and a way home', () => {
    renderWithProviders(<ComingSoonPage />, { route: '/coming-soon', user: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Coming Soon' })).toBeTruthy();
    expect(screen.getByLabelText('Email address')).toBeTruthy();
    expect(screen.getByRole('link', { name: /return to homepage/i }).getAttribute('href')).toBe('/');
  });
});
