import { useSyncExternalStore } from 'react';
import { ActionIcon, Box, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

// The scheme shown is the attribute Mantine keeps on <html> (set before the first paint by index.html's
// script, then by Mantine). Read from there rather than from Mantine's state so that the landing page,
// drawn ahead of time in the light scheme (prerender.tsx), is taken over with the label it was drawn
// with and then corrected: React reads the server's answer while it hydrates.
const schemeAttribute = 'data-mantine-color-scheme';
function subscribeToScheme(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: [schemeAttribute] });
  return () => observer.disconnect();
}
const shownScheme = () => (document.documentElement.getAttribute(schemeAttribute) === 'dark' ? 'dark' : 'light');
const drawnScheme = () => 'light' as const;

/** Light/dark switch; Mantine stores the choice under the key "theme" (see theme.ts). */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const shown = useSyncExternalStore(subscribeToScheme, shownScheme, drawnScheme);
  const next = shown === 'dark' ? 'light' : 'dark';

  return (
    <ActionIcon
      variant="default"
      size="lg"
      radius="md"
      onClick={() => setColorScheme(next)}
      aria-label={`Switch to ${next} mode`}
      title={`Switch to ${next} mode`}
    >
      {/* Both icons render; CSS shows the right one, so there is no flash before the scheme is known. */}
      <Box component="span" lh={0} darkHidden>
        <IconMoon size={18} stroke={1.6} />
      </Box>
      <Box component="span" lh={0} lightHidden>
        <IconSun size={18} stroke={1.6} />
      </Box>
    </ActionIcon>
  );
}
