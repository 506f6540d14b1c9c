import {
  alpha,
  Anchor,
  Badge,
  createTheme,
  darken,
  defaultVariantColorsResolver,
  getPrimaryShade,
  lighten,
  localStorageColorSchemeManager,
  luminance,
  Notification,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineSize,
  type VariantColorsResolver,
} from '@mantine/core';
import classes from './theme.module.css';

/** WCAG's contrast ratio of two CSS colours (hex or rgba). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** WCAG AA for normal text, with a little room for rounding. */
const readable = 4.6;

/** `color`, darkened (on a light surface) or lightened (on a dark one) in small steps until it reads at 4.5:1 on `surface`. */
function readableOn(color: string, surface: string): string {
  const shift = luminance(surface) > 0.18 ? darken : lighten;
  let result = color;
  for (let amount = 0.05; contrastRatio(result, surface) < readable && amount < 1; amount += 0.05) result = shift(color, amount);
  return result;
}

/** White or black, whichever reads on `fill` (one of the two always reaches 4.5:1). */
function textOn(fill: string): string {
  return contrastRatio('#ffffff', fill) >= readable ? '#ffffff' : '#000000';
}

/** The variable that holds the text colour for a filled badge or button of a theme colour. */
export const onFilledVariable = (color: string) => `--app-color-${color}-on-filled`;

// Mantine writes white on every filled badge, button, avatar and alert whatever the fill: 1.8:1 on
// the dark scheme's gold, 2.8:1 on its red. The text takes the scheme's readable colour for the fill
// instead (cssVariablesResolver); a shade picked by hand ("gold.4") keeps Mantine's own choice.
const variantColorResolver: VariantColorsResolver = (input) => {
  const resolved = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (input.variant === 'filled' && parsed.isThemeColor && parsed.shade === undefined) {
    return { ...resolved, color: `var(${onFilledVariable(parsed.color)})` };
  }
  return resolved;
};

// Mantine's badges are 9 px (xs), 10 px (sm) and 11 px (md) capitals: too small to read at arm's
// length on a phone (issue 33). Each size is raised to 11 or 12 px, its height with it.
const badgeSizes: Partial<Record<MantineSize, { fz: string; height: string }>> = {
  xs: { fz: '0.6875rem', height: '1.125rem' },
  sm: { fz: '0.75rem', height: '1.25rem' },
  md: { fz: '0.75rem', height: '1.375rem' },
};

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
  variantColorResolver,
  // A dialog's "×" is a button with no text: without a name a screen reader says only "button", and it
  // is the upload dialog's first focus (issue 33, axe: critical).
  components: {
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    // A toast's "×" too, and its message in the theme's dimmed grey: Mantine's gray.6 reads at 3.3:1 on
    // the white toast (axe: serious).
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      classNames: { description: classes.toastMessage },
    }),
    Anchor: Anchor.extend({ classNames: { root: classes.anchor } }),
    Badge: Badge.extend({
      vars: (_t, { size }) => {
        const sized = badgeSizes[(size ?? 'md') as MantineSize];
        return { root: sized ? { '--badge-fz': sized.fz, '--badge-height': sized.height } : {} };
      },
    }),
  },
});

/**
 * Dark theme, light variant (the "Add to The Loop", "Upload" and "Create custom prompt" buttons, badges,
 * icon tiles): Mantine fills it with the colour's darkest shade darkened by half, which sits darker than
 * the dark cards it is on, so the button sank into the card (issue 11). Here it is a tint of the
 * colour over the card, lighter than the card and so seen as a button, with the colour's lightest
 * shade for text (web/e2e/dark-contrast.test.mjs checks both).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const [lightFill, darkFill] = [getPrimaryShade(t, 'light'), getPrimaryShade(t, 'dark')];
  return {
    variables: {},
    // The grey "dimmed" text, on every page: Mantine's reads at 3.3:1 on white and 3.5:1 on the dark
    // cards; these read at 4.9:1 or more on the light surfaces and on the dark ones, so
    // dates, hints and captions meet WCAG AA's 4.5:1 where they stand (issue 33).
    //
    // Light and outline badges and buttons in light mode: Mantine writes shade 9 on shade 1, and
    // outlines in shade 8 on white, which for the bright colours (gold, orange, yellow) reads at
    // 2.7:1 or less; each is darkened just enough to read at 4.5:1 (on the light grey cards too).
    // Filled ones get white or black text, whichever reads on the scheme's fill. Coloured text
    // (c="navy", links) is darkened on light surfaces and lightened on dark ones the same way:
    // Mantine's navy links read at 3.5:1 on the dark cards.
    light: {
      '--mantine-color-dimmed': '#636a71',
      ...Object.fromEntries(
        Object.entries(t.colors).flatMap(([name, shades]) => [
          [`--mantine-color-${name}-light-color`, readableOn(shades[9], shades[1])],
          [`--mantine-color-${name}-outline`, readableOn(shades[lightFill], t.colors.gray[0])],
        [`--mantine-color-${name}-text`, readableOn(shades[lightFill], t.colors.gray[0])],
          [onFilledVariable(name), textOn(shades[lightFill])],
        ]),
      ),
    },
    dark: {
      '--mantine-color-dimmed': '#acacac',
      '--mantine-color-anchor': `var(--mantine-color-${t.primaryColor}-text)`,
      ...Object.fromEntries(
        Object.entries(t.colors).flatMap(([name, shades]) => [
          [`--mantine-color-${name}-light`, alpha(shades[5], 0.3)],
          [`--mantine-color-${name}-light-hover`, alpha(shades[5], 0.4)],
          [`--mantine-color-${name}-light-color`, shades[0]],
          [`--mantine-color-${name}-text`, readableOn(shades[4], t.colors.dark[5])],
        [onFilledVariable(name), textOn(shades[darkFill])],
        ]),
      ),
    },
  };
};

/** Light by default; the choice is stored under the key "theme" (spec). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });
