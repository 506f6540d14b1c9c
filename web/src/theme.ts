import { alpha, createTheme, localStorageColorSchemeManager, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'navy',
  colors: {
    navy: ['#eef2fb', '#d9e0f2', '#afbfe6', '#839cda', '#5e7ed0', '#466bca', '#3961c8', '#2b51b1', '#23479f', '#1c3f94'],
    gold: ['#fff8e1', '#ffefcc', '#ffdd9b', '#ffca64', '#ffba38', '#ffb01b', '#ffab09', '#e39500', '#ca8400', '#af7100'],
  },
  primaryShade: { light: 8, dark: 5 },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', fontWeight: '700' },
  defaultRadius: 'md',
  // A dialog's "×" is a button with no text: without a name a screen reader says only "button", and it
  // is the upload dialog's first focus (issue 33, axe: critical).
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
  },
});

/**
 * Dark theme, light variant (the "Add to The Loop", "Upload" and "Create custom prompt" buttons, badges,
 * icon tiles): Mantine fills it with the colour's darkest shade darkened by half, which sits darker than
 * the dark cards it is on, so the button sank into the card (issue 11). Here it is a tint of the
 * colour over the card, lighter than the card and so seen as a button, with the colour's lightest
 * shade for text (web/e2e/dark-contrast.test.mjs checks both).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  // The grey "dimmed" text, on every page: Mantine's reads at 3.3:1 on white and 3.5:1 on the dark
  // cards; these read at 4.9:1 or more on the light surfaces and on the dark ones, so
  // dates, hints and captions meet WCAG AA's 4.5:1 where they stand (issue 33).
  light: { '--mantine-color-dimmed': '#636a71' },
  dark: {
    '--mantine-color-dimmed': '#acacac',
    ...Object.fromEntries(
      Object.entries(t.colors).flatMap(([name, shades]) => [
        [`--mantine-color-${name}-light`, alpha(shades[5], 0.3)],
        [`--mantine-color-${name}-light-hover`, alpha(shades[5], 0.4)],
        [`--mantine-color-${name}-light-color`, shades[0]],
      ]),
    ),
  },
});

/** Light by default; the choice is stored under the key "theme" (spec). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });
