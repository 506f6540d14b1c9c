import { Alert, Button, Card, Group, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { LoadError } from '../../../components/LoadError';
import type { PrivacySettings } from '../api';
import { usePrivacySettingsQuery, useSavePrivacySettingsMutation } from '../queries';
import {
  pageText,
  privacyChoiceLabels,
  privacyChoiceOrder,
  recruitingChoiceOrder,
  settingsText as t,
} from '../strings';

/** The five content types, in the order the spec lists them. */
const FIELDS: { key: keyof PrivacySettings; label: string }[] = [
  { key: 'journal', label: t.journal },
  { key: 'media', label: t.media },
  { key: 'stats', label: t.stats },
  { key: 'milestones', label: t.milestones },
  { key: 'recruiting', label: t.recruiting },
];

const familyOrPrivate = privacyChoiceOrder.map((value) => ({ value, label: privacyChoiceLabels[value] }));
const recruitingChoices = recruitingChoiceOrder.map((value) => ({ value, label: privacyChoiceLabels[value] }));

/** 'Access Settings': who in the circle sees each content type; 'Save Privacy Settings' sends all five (PUT). */
export function PrivacySettingsForm({ athleteId }: { athleteId: number }) {
  const settings = usePrivacySettingsQuery(athleteId);
  if (settings.isPending) return <Skeleton height={320} radius="md" />;
  if (settings.isError) return <LoadError message={pageText.loadFailed} onRetry={() => void settings.refetch()} />;
  return <SettingsForm athleteId={athleteId} initial={settings.data} />;
}

function SettingsForm({ athleteId, initial }: { athleteId: number; initial: PrivacySettings }) {
  const save = useSavePrivacySettingsMutation();
  const form = useForm<PrivacySettings>({ initialValues: initial });
  const submit = (values: PrivacySettings) => {
    const settings: PrivacySettings = {
      journal: values.journal,
      media: values.media,
      stats: values.stats,
      milestones: values.milestones,
      recruiting: values.recruiting,
    };
    save.mutate({ athleteId, settings }, { onSuccess: (saved) => form.resetDirty(saved) });
  };

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Stack gap={2}>
            <Title order={2} fz="h4">
              {t.title}
            </Title>
            <Text size="sm" c="dimmed">
              {t.description}
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            {FIELDS.map(({ key, label }) => (
              <Select
                key={key}
                label={label}
                description={key === 'recruiting' ? t.recruitingIncludes : undefined}
                data={key === 'recruiting' ? recruitingChoices : familyOrPrivate}
                allowDeselect={false}
                {...form.getInputProps(key)}
              />
            ))}
          </SimpleGrid>
          <Alert variant="light" color="gray" icon={<IconLock size={18} />} p="sm">
            <Text size="sm">{t.privateEntriesNote}</Text>
          </Alert>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t.save}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
