import type { ReactNode } from 'react';
import { Box, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';

interface SectionCardProps {
  title: string;
  subtitle?: string;
  icon: ReactNode;
  /** Buttons or links on the right of the header. */
  action?: ReactNode;
  children: ReactNode;
}

/** The dashboard's card: an icon and title, an optional action, then the content. */
export function SectionCard({ title, subtitle, icon, action, children }: SectionCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" mb="md">
        <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
          <ThemeIcon variant="light" color="navy" size="lg" radius="md" visibleFrom="xs">
            {icon}
          </ThemeIcon>
          <Stack gap={0} miw={0}>
            <Title order={2} fz="h4" lh={1.3}>
              {title}
            </Title>
            {subtitle && (
              <Text size="sm" c="dimmed">
                {subtitle}
              </Text>
            )}
          </Stack>
        </Group>
        {action && <Box style={{ flexShrink: 0 }}>{action}</Box>}
      </Group>
      {children}
    </Card>
  );
}
