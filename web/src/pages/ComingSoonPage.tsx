import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconRocket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { WaitlistForm } from '../features/waitlist';

export function ComingSoonPage() {
  return (
    <Container size="sm" py={{ base: 40, sm: 80 }}>
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} shadow="sm">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={64} radius="xl" variant="light" color="navy">
            <IconRocket size={32} stroke={1.5} aria-hidden />
          </ThemeIcon>
          <Title order={1} fz={{ base: 30, sm: 40 }}>
            Coming Soon
          </Title>
          <Text c="dimmed" size="lg" maw={460}>
            We’re still building this part of Legacy Locker. Join the waitlist and we’ll let you know as soon as it’s ready.
          </Text>
          <Stack w="100%" maw={440} mt="sm" ta="left">
            <WaitlistForm feedback="toast" size="md" />
          </Stack>
          <Button component={Link} to="/" variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} mt="sm">
            Return to Homepage
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
