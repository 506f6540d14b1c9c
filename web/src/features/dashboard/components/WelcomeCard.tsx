import { Button, Card, Flex, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTrophy, IconUserPlus } from '@tabler/icons-react';
import { athleteCardText as t } from '../../athletes';

interface WelcomeCardProps {
  firstName: string;
  onCreate: () => void;
}

/** The athlete card before a profile exists: a welcome and the way to create one. */
export function WelcomeCard({ firstName, onCreate }: WelcomeCardProps) {
  return (
    <Card withBorder radius="md" padding="xl" component="section" aria-label={t.createProfile}>
      <Flex gap="lg" direction={{ base: 'column', sm: 'row' }} align={{ base: 'flex-start', sm: 'center' }}>
        <ThemeIcon size={64} radius="50%" color="gold" variant="light">
          <IconTrophy size={34} />
        </ThemeIcon>
        <Stack gap={6} style={{ flex: 1 }}>
          <Title order={2}>{t.welcome(firstName)}</Title>
          <Text c="dimmed">{t.createPrompt}</Text>
        </Stack>
        <Button size="md" leftSection={<IconUserPlus size={18} />} onClick={onCreate}>
          {t.createProfile}
        </Button>
      </Flex>
    </Card>
  );
}
