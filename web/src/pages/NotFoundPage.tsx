import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHome, IconMapSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { labels } from '../lib/messages';

export function NotFoundPage() {
  return (
    <Container size="sm" py={{ base: 64, sm: 120 }}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={72} radius="xl" variant="light" color="navy">
          <IconMapSearch size={36} stroke={1.5} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {labels.notFoundTitle}
        </Title>
        <Text c="dimmed" size="lg" maw={440}>
          Sorry, we couldn’t find that page. It may have moved, or the link may be mistyped.
        </Text>
        <Button component={Link} to="/" size="md" leftSection={<IconHome size={18} aria-hidden />} mt="sm">
          Back to Home
        </Button>
      </Stack>
    </Container>
  );
}
