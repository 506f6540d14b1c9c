import type { ReactNode } from 'react';
import { Group, ThemeIcon, Title } from '@mantine/core';

/** Heading of one of the three athlete card panels. */
export function PanelHeader({ icon, title }: { icon: ReactNode; title: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon variant="light" color="navy" size="md" radius="md">
        {icon}
      </ThemeIcon>
      <Title order={3} fz="md">
        {title}
      </Title>
    </Group>
  );
}
