import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { Dialog } from './components/Dialog';
import { renderWithProviders } from './test/render';
import { cssVariablesResolver, theme } from './theme';

/** WCAG's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('theme (issue 33: accessibility)', () => {
  const vars = cssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));

  it('makes the dimmed text readable (4.5:1) on the light and dark surfaces it stands on', () => {
    const light = vars.light['--mantine-color-dimmed']!;
    for (const surface of ['#ffffff', '#f8f9fa', '#f1f3f5', '#eef2fb']) expect(contrast(light, surface), surface).toBeGreaterThanOrEqual(4.5);
    const dark = vars.dark['--mantine-color-dimmed']!;
    const [, , , , , , body, card] = DEFAULT_THEME.colors.dark;
    for (const surface of [body!, card!, '#3b3b3b']) expect(contrast(dark, surface), surface).toBeGreaterThanOrEqual(4.5);
  });

  it('names every dialog’s close button', async () => {
    renderWithProviders(
      <Dialog opened onClose={() => {}} title="Upload media">
        content
      </Dialog>,
    );
    expect(await screen.findByRole('button', { name: 'Close' })).toBeTruthy();
  });
});
