import { Anchor, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClock, IconMail } from '@tabler/icons-react';
import { labels } from '../../../lib/messages';

/** The support e-mail line and support hours shown beside the contact form. */
export function SupportDetails() {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Title order={2} fz="lg" mb="md">
        Other ways to reach us
      </Title>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color="navy" radius="md" size={36}>
            <IconMail size={18} aria-hidden />
          </ThemeIcon>
          <div>
            <Text size="sm" fw={600}>
              Email
            </Text>
            <Anchor href={`mailto:${labels.supportEmail}`} size="sm">
              {labels.supportEmail}
            </Anchor>
          </div>
        </Group>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color="navy" radius="md" size={36}>
            <IconClock size={18} aria-hidden />
          </ThemeIcon>
          <Text size="sm">{labels.supportHours}</Text>
        </Group>
      </Stack>
    </Paper>
  );
}
