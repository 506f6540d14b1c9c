import { useState } from 'react';
import { Button, Card, Group, Image, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { StatsProvider } from '../api';
import { useConnectPlatform } from '../queries';
import { panelText as t, statsToasts } from '../strings';

/** Spec: 'Connect New Platform'. Provider and Athlete ID are required before anything is sent. */
export function ConnectPlatformForm({ athleteId, providers }: { athleteId: number; providers: StatsProvider[] }) {
  const [providerId, setProviderId] = useState<string | null>(null);
  const [externalAthleteId, setExternalAthleteId] = useState('');
  const [externalTeamId, setExternalTeamId] = useState('');
  const [username, setUsername] = useState('');
  const connect = useConnectPlatform(athleteId);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!providerId || externalAthleteId.trim() === '') {
      notifications.show({ title: statsToasts.validation.title, message: statsToasts.validation.message, color: 'red' });
      return;
    }
    connect.mutate(
      { providerId, externalAthleteId: externalAthleteId.trim(), externalTeamId: externalTeamId.trim(), username: username.trim(), athleteId },
      {
        onSuccess: () => {
          setProviderId(null);
          setExternalAthleteId('');
          setExternalTeamId('');
          setUsername('');
        },
      },
    );
  };

  const logos = Object.fromEntries(providers.map((p) => [p.id, p.logoUrl]));
  const fileProvider = providers.find((p) => p.id === providerId)?.kind === 'file';
  return (
    <Card withBorder radius="md" padding="md" component="form" onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Title order={3} fz="md">
          {t.connectTitle}
        </Title>
        <Select
          label={t.platform}
          placeholder={t.platformPlaceholder}
          data={providers.map((p) => ({ value: p.id, label: p.name }))}
          value={providerId}
          onChange={setProviderId}
          required
          leftSection={providerId ? <Image src={logos[providerId]} alt="" w={18} h={18} /> : undefined}
          renderOption={({ option }) => (
            <Group gap="xs" wrap="nowrap">
              <Image src={logos[option.value]} alt="" w={18} h={18} />
              <Text size="sm">{option.label}</Text>
            </Group>
          )}
        />
        <TextInput
          label={t.athleteId}
          description={t.athleteIdHelp}
          value={externalAthleteId}
          onChange={(e) => setExternalAthleteId(e.currentTarget.value)}
          required
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t.teamId} value={externalTeamId} onChange={(e) => setExternalTeamId(e.currentTarget.value)} />
          <TextInput label={t.usernameField} value={username} onChange={(e) => setUsername(e.currentTarget.value)} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" disabled={connect.isPending}>
            {fileProvider ? (connect.isPending ? t.settingUp : t.setUpImport) : connect.isPending ? t.connecting : t.connect}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
