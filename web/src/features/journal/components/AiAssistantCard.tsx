import { useState } from 'react';
import { Button, CloseButton, Divider, Group, Paper, Skeleton, Stack, Switch, Text, UnstyledButton } from '@mantine/core';
import { IconBulb, IconPlus, IconSparkles } from '@tabler/icons-react';
import { NeedsSignal } from '../../../components/NeedsSignal';
import { SectionCard } from '../../../components/SectionCard';
import type { JournalPrompt } from '../api';
import { PROMPTS_SHOWN } from '../entryRules';
import {
  useDeletePromptMutation,
  useJournalOptionsQuery,
  usePromptGeneration,
  usePromptsQuery,
  useUpdateSettingsMutation,
  useUserSettingsQuery,
} from '../queries';
import { promptText as t } from '../strings';
import { CustomPromptModal } from './CustomPromptModal';

interface AiAssistantCardProps {
  /** Undefined without an athlete profile: prompts can still be read, but not added or generated. */
  athleteId: number | undefined;
  onUsePrompt: (prompt: JournalPrompt) => void;
}

/**
 * The AI Journaling Assistant: up to 3 prompts, custom prompts, generation and the weekly reminder.
 * Only for those who may write; a family member who may only look is not shown it.
 */
export function AiAssistantCard({ athleteId, onUsePrompt }: AiAssistantCardProps) {
  const prompts = usePromptsQuery(athleteId);
  const generation = usePromptGeneration(athleteId);
  const aiService = useJournalOptionsQuery().data?.aiService;
  const [customOpen, setCustomOpen] = useState(false);

  return (
    <SectionCard title={aiService === false ? t.cardTitleNoAi : t.cardTitle} subtitle={t.cardSubtitle} icon={<IconSparkles size={20} />}>
      <Stack gap="sm">
        {prompts.isPending ? (
          [0, 1, 2].map((i) => <Skeleton key={i} height={58} radius="md" />)
        ) : (prompts.data ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.noPrompts}
          </Text>
        ) : (
          (prompts.data ?? []).slice(0, PROMPTS_SHOWN).map((prompt) => (
            <PromptItem key={prompt.id ?? `builtin-${prompt.title}`} prompt={prompt} onUse={onUsePrompt} />
          ))
        )}
        <Stack gap="xs">
            <NeedsSignal block>
            <Button
              variant="light"
              size="xs"
              fullWidth
              leftSection={<IconPlus size={14} />}
              disabled={athleteId === undefined}
              onClick={() => setCustomOpen(true)}
            >
              {t.createCustom}
            </Button>
            </NeedsSignal>
            <NeedsSignal block>
            <Button
              variant="light"
              color="violet"
              size="xs"
              fullWidth
              leftSection={<IconSparkles size={14} />}
              disabled={athleteId === undefined}
              loading={generation.isGenerating}
              loaderProps={{ type: 'dots' }}
              onClick={generation.generate}
            >
              {aiService === false ? t.generateFromBank : t.generate}
            </Button>
            </NeedsSignal>
          </Stack>
        {aiService === false && (
          <Text size="xs" c="dimmed">
            {t.fromBank}
          </Text>
        )}
        {generation.isGenerating && (
          <Text size="xs" c="dimmed" role="status">
            {t.generating}
          </Text>
        )}
        {athleteId === undefined && (
          <Text size="xs" c="dimmed">
            {t.needProfile}
          </Text>
        )}
        <Divider />
        <RemindersSwitch />
      </Stack>
      {athleteId !== undefined && (
        <CustomPromptModal opened={customOpen} onClose={() => setCustomOpen(false)} athleteId={athleteId} />
      )}
    </SectionCard>
  );
}

interface PromptItemProps {
  prompt: JournalPrompt;
  onUse: (prompt: JournalPrompt) => void;
}

function PromptItem({ prompt, onUse }: PromptItemProps) {
  const remove = useDeletePromptMutation();
  const removable = prompt.id !== null && prompt.source !== 'builtin';
  const text = (
    <>
      <Group gap={6} wrap="nowrap" mb={2}>
        <IconBulb size={16} color={prompt.source === 'generated' ? 'var(--mantine-color-violet-6)' : 'var(--mantine-color-gold-7)'} aria-hidden />
        <Text size="sm" fw={600} truncate>
          {prompt.title}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" lineClamp={2}>
        {prompt.prompt}
      </Text>
    </>
  );
  return (
    <Paper withBorder radius="md" p="xs" pos="relative">
      <Group gap="xs" align="flex-start" wrap="nowrap">
        {/* Named by what it shows (title, then prompt), so saying what one sees selects it (WCAG 2.5.3). */}
        <UnstyledButton onClick={() => onUse(prompt)} style={{ flex: 1, minWidth: 0 }}>
          {text}
        </UnstyledButton>
        {removable && (
          <NeedsSignal>
          <CloseButton
            size="sm"
            aria-label={t.deletePrompt(prompt.title)}
            disabled={remove.isPending}
            onClick={() => remove.mutate(prompt.id!)}
          />
          </NeedsSignal>
        )}
      </Group>
    </Paper>
  );
}

/** Weekly prompt reminders, stored per user (off until asked for). */
function RemindersSwitch() {
  const settings = useUserSettingsQuery();
  const update = useUpdateSettingsMutation();
  const checked = update.isPending
    ? update.variables.weeklyPromptReminders
    : (settings.data?.weeklyPromptReminders ?? false);
  return (
    <NeedsSignal block>
      <Switch
        label={t.reminders}
        description={t.remindersDescription}
        checked={checked}
        disabled={settings.isPending}
        onChange={(e) => update.mutate({ weeklyPromptReminders: e.currentTarget.checked })}
      />
    </NeedsSignal>
  );
}
