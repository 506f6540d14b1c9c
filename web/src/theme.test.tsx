import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Badge, DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { Dialog } from './components/Dialog';
import { renderWithProviders } from './test/render';
import { cssVariablesResolver, onFilledVariable, theme } from './theme';

/** #rrggbb or rgba(r, g, b, a) as [r, g, b, a], channels 0–255. */
function channels(color: string): number[] {
  if (color.startsWith('#')) return [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16)).concat(1);
  const [r, g, b, a = 1] = color.match(/[\d.]+/g)!.map(Number);
  return [r!, g!, b!, a];
}

/** `top` (perhaps translucent) laid over the opaque `bottom`, as #rrggbb. */
function over(top: string, bottom: string): string {
  const [t, b] = [channels(top), channels(bottom)];
  return '#' + [0, 1, 2].map((i) => Math.round(t[i]! * t[3]! + b[i]! * (1 - t[3]!)).toString(16).padStart(2, '0')).join('');
}

/** WCAG's contrast ratio of two opaque colours. */
function contrast(a: string, b: string): number {
  const luminance = (color: string) => {
    const [r, g, b] = channels(color).slice(0, 3).map((channel) => {
      const c = channel / 255;
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

  it('makes every badge and coloured text of every theme colour readable (4.5:1) in both schemes', () => {
    const merged = mergeMantineTheme(DEFAULT_THEME, theme);
    const [, , , , , , body, card] = DEFAULT_THEME.colors.dark;
    const failures: string[] = [];
    const check = (what: string, text: string, surface: string) => {
      const ratio = contrast(over(text, surface), surface);
      if (ratio < 4.5) failures.push(`${what}: ${ratio.toFixed(2)}:1`);
    };
    for (const [name, shades] of Object.entries(merged.colors)) {
      const light = vars.light as Record<string, string>;
      const dark = vars.dark as Record<string, string>;
      check(`${name} light (light scheme)`, light[`--mantine-color-${name}-light-color`]!, shades[1]);
      for (const surface of ['#ffffff', '#f8f9fa']) check(`${name} outline on ${surface}`, light[`--mantine-color-${name}-outline`]!, surface);
      check(`${name} filled (light scheme)`, light[onFilledVariable(name)]!, shades[8]);
      for (const surface of [body!, card!]) {
        check(`${name} light (dark scheme) on ${surface}`, dark[`--mantine-color-${name}-light-color`]!, over(dark[`--mantine-color-${name}-light`]!, surface));
      }
      check(`${name} filled (dark scheme)`, dark[onFilledVariable(name)]!, shades[5]);
      for (const surface of ['#ffffff', '#f8f9fa']) check(`${name} text on ${surface}`, light[`--mantine-color-${name}-text`]!, surface);
      for (const surface of [body!, card!, '#3b3b3b']) check(`${name} text on ${surface}`, dark[`--mantine-color-${name}-text`]!, surface);
    }
    expect(failures).toEqual([]);
  });

  it('gives the smallest badges a readable size and filled ones the readable text', () => {
    renderWithProviders(
      <Badge size="xs" color="gold">
        Pending
      </Badge>,
    );
    const badge = screen.getByText('Pending').closest('.mantine-Badge-root') as HTMLElement;
    expect(badge.style.getPropertyValue('--badge-fz')).toBe('0.6875rem');
    expect(badge.style.getPropertyValue('--badge-color')).toBe(`var(${onFilledVariable('gold')})`);
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
