import { ActionIcon, Box, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

/** Light/dark switch; Mantine stores the choice under the key "theme" (see theme.ts). */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const next = computed === 'dark' ? 'light' : 'dark';

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
