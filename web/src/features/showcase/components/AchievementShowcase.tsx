import { useState, type ReactNode } from 'react';
import { Badge, Box, Button, Card, Center, Divider, Group, Image, Loader, SimpleGrid, Skeleton, Stack, Tabs, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { IconAward, IconBallBaseball, IconBook, IconMedal, IconPlus, IconStar, IconTrophy, IconUser } from '@tabler/icons-react';
import { Dialog } from '../../../components/Dialog';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadError } from '../../../components/LoadError';
import { NeedsSignal } from '../../../components/NeedsSignal';
import { ShowMore } from '../../../components/ShowMore';
import { dateLabel } from '../../../lib/format';
import { CommentCount, ItemResponses } from '../../responses';
import { achievementBody, type Achievement, type CardTemplate } from '../api';
import { useAchievements, useDeleteAchievement, useSaveAchievement } from '../queries';
import { achievementText as t, categoryLabels, templateLabels } from '../strings';
import { AchievementFormModal, ShareCardModal, closedAchievementForm, type AchievementFormState } from './dialogs';

const categoryIcons: Record<string, ReactNode> = {
  game: <IconBallBaseball size={18} />,
  tournament: <IconTrophy size={18} />,
  personal: <IconUser size={18} />,
  academic: <IconBook size={18} />,
  award: <IconAward size={18} />,
};

interface ShowcaseProps {
  athleteId: number;
  canEdit: boolean;
  /** The dashboard's side column: the newest few, one per row. */
  limit?: number;
}

/** Spec: the Achievement Showcase for one athlete, with real, stored achievements and drawn cards. */
export function AchievementShowcase({ athleteId, canEdit, limit }: ShowcaseProps) {
  const achievements = useAchievements(athleteId);
  const save = useSaveAchievement(athleteId);
  const remove = useDeleteAchievement(athleteId);
  const [form, setForm] = useState<AchievementFormState>(closedAchievementForm);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [sharing, setSharing] = useState(false);
  const list = achievements.items;
  const selected = list.find((a) => a.id === selectedId) ?? null;
  const shown = limit ? list.slice(0, limit) : list;

  const select = (a: Achievement) => {
    setSelectedId(a.id);
    setPreviewing(true);
  };
  const chooseTemplate = (template: CardTemplate) => {
    if (selected && canEdit && selected.template !== template) save.mutate({ id: selected.id, body: achievementBody(selected, { template }) });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title order={2} fz="lg">
            {t.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t.subtitle}
          </Text>
        </div>
        {canEdit && (
          <NeedsSignal>
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setForm({ opened: true, achievement: null })}>
              {t.add}
            </Button>
          </NeedsSignal>
        )}
      </Group>
      <Tabs defaultValue="achievements">
        <Tabs.List>
          <Tabs.Tab value="achievements">{t.tabAchievements}</Tabs.Tab>
          <Tabs.Tab value="templates">{t.tabTemplates}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="achievements" pt="sm">
          {achievements.isError ? (
            <LoadError message="We couldn't load the achievements. Please try again." onRetry={() => void achievements.refetch()} />
          ) : achievements.isLoading ? (
            <Stack gap="xs" aria-busy>
              <Skeleton height={56} />
              <Skeleton height={56} />
            </Stack>
          ) : shown.length === 0 ? (
            <EmptyNote icon={<IconMedal size={22} />} title={canEdit ? t.empty : t.emptyShared} description={canEdit ? t.emptyHint : undefined} />
          ) : (
            <SimpleGrid cols={limit ? 1 : { base: 1, sm: 2, lg: 3 }} spacing="sm">
              {shown.map((a) => (
                <AchievementTile key={a.id} achievement={a} selected={a.id === selectedId} onClick={() => select(a)} withCard={!limit} />
              ))}
            </SimpleGrid>
          )}
          {/* The dashboard's column shows the newest few; the showcase page reaches every achievement. */}
          {!limit && (
            <Box mt="sm">
              <ShowMore list={achievements} />
            </Box>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="templates" pt="sm">
          <Text size="sm" c="dimmed" mb="xs">
            {selected ? `${t.chooseTemplate}: ${selected.title}` : t.selectFirst}
          </Text>
          <SimpleGrid cols={limit ? 2 : { base: 2, sm: 4 }} spacing="sm">
            {(Object.keys(templateLabels) as CardTemplate[]).map((name) => (
              <UnstyledButton
                key={name}
                onClick={() => chooseTemplate(name)}
                disabled={!selected || !canEdit}
                aria-pressed={selected?.template === name}
                aria-label={templateLabels[name]!.name}
              >
                <Card withBorder radius="md" padding="sm" className={`template-${name}`} style={{ borderColor: selected?.template === name ? 'var(--mantine-color-blue-6)' : undefined, borderWidth: selected?.template === name ? 2 : 1 }}>
                  <div style={{ height: 48, borderRadius: 6, background: templateSwatches[name] }} />
                  <Text fw={600} size="sm" mt={6}>
                    {templateLabels[name]!.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {templateLabels[name]!.description}
                  </Text>
                </Card>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </Tabs.Panel>
      </Tabs>
      <AchievementFormModal athleteId={athleteId} state={form} onClose={() => setForm(closedAchievementForm)} />
      <Dialog opened={previewing && selected !== null} onClose={() => setPreviewing(false)} title={t.previewTitle} radius="md">
        {selected && (
          <Stack gap="sm">
            <CardImage achievement={selected} />
            <Group justify="space-between">
              <Group gap="xs">
                {canEdit && (
                  <>
                    <Button
                      variant="subtle"
                      size="xs"
                      onClick={() => {
                        setPreviewing(false);
                        setForm({ opened: true, achievement: selected });
                      }}
                    >
                      {t.edit}
                    </Button>
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      onClick={() => {
                        if (!window.confirm(t.deleteConfirm(selected.title))) return;
                        setPreviewing(false);
                        remove.mutate(selected.id);
                      }}
                    >
                      {t.delete}
                    </Button>
                  </>
                )}
              </Group>
              <Group gap="xs">
                <Button variant="default" onClick={() => setPreviewing(false)}>
                  {t.close}
                </Button>
                <Button
                  onClick={() => {
                    setPreviewing(false);
                    setSharing(true);
                  }}
                  disabled={selected.card.status !== 'ready'}
                >
                  {t.share}
                </Button>
              </Group>
            </Group>
            {/* Everyone who may see the achievement responds to it, readers who may not edit it included. */}
            <Divider />
            <ItemResponses itemType="achievements" itemId={selected.id} commentCount={selected.commentCount} reactions={selected.reactions} />
          </Stack>
        )}
      </Dialog>
      <ShareCardModal achievement={sharing ? selected : null} onClose={() => setSharing(false)} />
    </Stack>
  );
}

const templateSwatches: Record<CardTemplate, string> = {
  standard: 'linear-gradient(#132a52, #1c5fd1)',
  victory: 'linear-gradient(#5a3200, #d98e04)',
  milestone: 'linear-gradient(#0b3d2e, #1f9d6b)',
  elite: 'linear-gradient(#0b0b0f, #2a2a33)',
};

function AchievementTile({ achievement: a, selected, onClick, withCard }: { achievement: Achievement; selected: boolean; onClick: () => void; withCard: boolean }) {
  return (
    <UnstyledButton onClick={onClick} aria-label={a.title}>
      <Card withBorder radius="md" padding="sm" h="100%" style={{ borderColor: selected ? 'var(--mantine-color-blue-6)' : undefined }}>
        {withCard && (
          <Card.Section mb="sm">
            {a.card.status === 'ready' && a.card.feedUrl ? (
              <Image src={a.card.feedUrl} alt="" h={220} fit="cover" style={{ objectPosition: 'top' }} />
            ) : (
              <Center h={220} bg="var(--mantine-color-default-hover)">
                {a.card.status === 'failed' ? <Text size="sm" c="red">{t.cardFailed}</Text> : <Loader size="sm" aria-label={t.drawing} />}
              </Center>
            )}
          </Card.Section>
        )}
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" radius="md" size="lg">
            {categoryIcons[a.category] ?? <IconStar size={18} />}
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} lineClamp={2}>
              {a.title}
            </Text>
            <Group gap="xs" wrap="nowrap">
              <Text size="xs" c="dimmed">
                {dateLabel(a.date)} · {categoryLabels[a.category]}
              </Text>
              <CommentCount count={a.commentCount} />
            </Group>
            {a.onShowcase && (
              <Badge size="xs" variant="light" color="teal" w="fit-content">
                On the public page
              </Badge>
            )}
          </Stack>
        </Group>
      </Card>
    </UnstyledButton>
  );
}

/** The drawn card, or where it stands while the worker draws it. */
function CardImage({ achievement: a }: { achievement: Achievement }) {
  if (a.card.status === 'failed') return <Text c="red">{a.card.statusReason || t.cardFailed}</Text>;
  if (a.card.status !== 'ready' || !a.card.feedUrl) {
    return (
      <Center h={240}>
        <Stack align="center" gap="xs">
          <Loader />
          <Text size="sm" c="dimmed">
            {t.drawing}
          </Text>
        </Stack>
      </Center>
    );
  }
  return <Image src={a.card.feedUrl} alt={`${a.title} card`} radius="md" mah={420} fit="contain" />;
}
