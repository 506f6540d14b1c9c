import { Button, Card, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconHammer } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A protected area whose feature ships later: an honest "on its way" card, never sample data. */
export function UpcomingFeaturePage({ title }: { title: string }) {
  return (
    <Container size="md" py={{ base: 32, sm: 56 }}>
      <Title order={1} fz={{ base: 28, sm: 36 }} mb="lg">
        {title}
      </Title>
      <Card withBorder radius="lg" padding="xl">
        <Stack align="center" ta="center" gap="md" py={{ base: 'md', sm: 'xl' }}>
          <ThemeIcon size={56} radius="xl" variant="light" color="navy">
            <IconHammer size={28} stroke={1.5} aria-hidden />
          </ThemeIcon>
          <Title order={2} fz="lg">
            On its way
          </Title>
          <Text c="dimmed" maw={460}>
            This part of Legacy Locker is being built for early-access members. When it’s ready, it will appear right here.
          </Text>
          <Button component={Link} to="/dashboard" variant="light" leftSection={<IconArrowLeft size={16} aria-hidden />} mt="xs">
            Back to Dashboard
          </Button>
        </Stack>
      </Card>
    </Container>
  );
}
