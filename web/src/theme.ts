import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

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
});

/** Light by default; the choice is stored under the key "theme" (spec). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });
