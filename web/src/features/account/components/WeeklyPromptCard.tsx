import { useState } from 'react';
import { Link } from 'react-router';
import { Anchor, Button, Card, Checkbox, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { NeedsSignal } from '../../../components/NeedsSignal';
import { useEmailSettings, useSetWeeklyPrompt } from '../digests';
import { weeklyPromptText as t } from '../strings';
import { EmailSwitchCard } from './DigestsCard';

/** The profile page's switch for the weekly journal prompt e-mail; it saves as it is flipped. */
export function WeeklyPromptCard() {
  const settings = useEmailSettings();
  const setPrompt = useSetWeeklyPrompt();
  if (!settings.data) return null;
  return (
    <EmailSwitchCard
      title={t.title}
      label={t.label}
      hint={t.hint}
      checked={setPrompt.isPending ? setPrompt.variables : settings.data.weeklyPromptReminders}
      saving={setPrompt.isPending}
      onChange={(on) => setPrompt.mutate(on)}
    />
  );
}

/**
 * The dashboard's question to a family that has not chosen yet: the weekly prompt e-mail is sent only
 * to those who ask for it. The box starts as the account is (off for a new one), and nothing is saved
 * until "Save my choice", so leaving it unticked and saving is a clear no.
 */
export function WeeklyPromptQuestion() {
  const settings = useEmailSettings();
  const setPrompt = useSetWeeklyPrompt();
  const [wanted, setWanted] = useState<boolean | null>(null);
  // What was saved in this visit; the question itself is gone once the account has chosen.
  const [saved, setSaved] = useState<boolean | null>(null);
  if (!settings.data) return null;
  if (saved !== null) {
    return (
      <Card withBorder radius="md" padding="lg" component="section" aria-label={t.title}>
        <Text role="status" fw={500}>
          {saved ? t.savedOn : t.savedOff}
        </Text>
        <Text size="sm" c="dimmed">
          {t.changeLater}{' '}
          <Anchor component={Link} to="/profile" underline="always">
            {t.profileLink}
          </Anchor>
          .
        </Text>
      </Card>
    );
  }
  if (settings.data.weeklyPromptChosen) return null;
  const checked = wanted ?? settings.data.weeklyPromptReminders;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t.title}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon size={40} radius="xl" variant="light" visibleFrom="xs" aria-hidden>
          <IconMail size={22} />
        </ThemeIcon>
        <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} fz="h4">
            {t.title}
          </Title>
          <Checkbox
            size="md"
            label={t.label}
            description={t.hint}
            checked={checked}
            onChange={(e) => setWanted(e.currentTarget.checked)}
          />
          <Group>
            <NeedsSignal>
              <Button
                loading={setPrompt.isPending}
                onClick={() => setPrompt.mutate(checked, { onSuccess: (answer) => setSaved(answer.weeklyPromptReminders) })}
              >
                {t.save}
              </Button>
            </NeedsSignal>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
