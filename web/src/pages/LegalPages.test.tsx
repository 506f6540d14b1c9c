import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { PrivacyPage } from './PrivacyPage';
import { TermsPage } from './TermsPage';
import { renderWithProviders } from '../test/render';

const sectionTitles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('TermsPage', () => {
  it('has twelve numbered sections, governed by United States law', () => {
    renderWithProviders(<TermsPage />, { route: '/terms' });
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    expect(sectionTitles()).toEqual([
      '1. Acceptance of Terms',
      '2. Use License',
      '3. Accounts',
      '4. User Content',
      '5. Privacy',
      '6. Prohibited Uses',
      '7. Service Modification',
      '8. Termination',
      '9. Limitation of Liability',
      '10. Governing Law',
      '11. Changes to Terms',
      '12. Contact',
    ]);
    expect(screen.getByText(/the laws of the United States/)).toBeTruthy();
  });
});

describe('PrivacyPage', () => {
  it('is dated May 18, 2025, has nine sections and the children’s statement', () => {
    renderWithProviders(<PrivacyPage />, { route: '/privacy' });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeTruthy();
    expect(screen.getByText('Effective date: May 18, 2025')).toBeTruthy();
    expect(sectionTitles()).toHaveLength(9);
    expect(
      screen.getByText(/We do not knowingly collect personal information from children under 13 without verifiable parental consent\./),
    ).toBeTruthy();
    expect(screen.getAllByText(/intended for parents and guardians/).length).toBeGreaterThan(0);
  });
});
