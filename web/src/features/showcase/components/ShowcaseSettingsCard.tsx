import { useState } from 'react';
import { Anchor, Button, Card, Group, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import type { ShowcaseSettings } from '../api';
import { useSaveShowcaseSettings, useShowcaseSettings } from '../queries';
import { settingsText as t } from '../strings';

/** The public page's settings: off until published; GPA and season stats only if chosen. */
export function ShowcaseSettingsCard({ athleteId, canManage }: { athleteId: number; canManage: boolean }) {
  const settings = useShowcaseSettings(athleteId);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group gap="xs">
          <IconWorld size={20} />
          <Title order={3} fz="md">
            {t.title}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t.description}
        </Text>
        {settings.data ? <SettingsForm key={JSON.stringify(settings.data)} athleteId={athleteId} initial={settings.data} canManage={canManage} /> : <Skeleton height={160} />}
      </Stack>
    </Card>
  );
}

function SettingsForm({ athleteId, initial, canManage }: { athleteId: number; initial: ShowcaseSettings; canManage: boolean }) {
  const [slug, setSlug] = useState(initial.slug ?? '');
  const [published, setPublished] = useState(initial.published);
  const [showGpa, setShowGpa] = useState(initial.showGpa);
  const [showStats, setShowStats] = useState(initial.showStats);
  const [contact, setContact] = useState(initial.contact);
  const save = useSaveShowcaseSettings(athleteId);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate({ slug: slug.trim() || null, published, showGpa, showStats, contact });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Switch label={t.published} checked={published} onChange={(e) => setPublished(e.currentTarget.checked)} disabled={!canManage} />
        <TextInput
          label={t.slug}
          description={t.slugHelp}
          leftSection={<Text size="xs" c="dimmed" pl={6}>/a/</Text>}
          leftSectionWidth={36}
          value={slug}
          onChange={(e) => setSlug(e.currentTarget.value.toLowerCase())}
          disabled={!canManage}
        />
        <Group gap="lg">
          <Switch label={t.showGpa} checked={showGpa} onChange={(e) => setShowGpa(e.currentTarget.checked)} disabled={!canManage} />
          <Switch label={t.showStats} checked={showStats} onChange={(e) => setShowStats(e.currentTarget.checked)} disabled={!canManage} />
        </Group>
        <TextInput label={t.contact} placeholder={t.contactPlaceholder} value={contact} onChange={(e) => setContact(e.currentTarget.value)} disabled={!canManage} />
        <Group justify="space-between">
          {initial.url ? (
            <Anchor href={initial.url} target="_blank" rel="noopener" size="sm">
              {t.view}
            </Anchor>
          ) : (
            <span />
          )}
          {canManage && (
            <Button type="submit" loading={save.isPending}>
              {t.save}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
