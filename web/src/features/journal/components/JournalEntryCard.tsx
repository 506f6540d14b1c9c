import { useState } from 'react';
import { ActionIcon, Card, Divider, Group, Paper, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconLock, IconStar, IconStarFilled, IconUsers } from '@tabler/icons-react';
import { NeedsSignal } from '../../../components/NeedsSignal';
import { ItemResponses } from '../../responses';
import type { JournalEntry } from '../api';
import { displayedText, entryDateLabel } from '../entryRules';
import { useFavoriteMutation } from '../queries';
import { entryText as t } from '../strings';
import { EntryAiStatus } from './EntryAiStatus';
import { EntryContent } from './EntryContent';
import { EntryMenu } from './EntryMenu';
import { EntryTags, SuggestedTags } from './EntryTags';

interface JournalEntryCardProps {
  entry: JournalEntry;
  onEdit: (entry: JournalEntry) => void;
  onTagClick?: (tag: string) => void;
  /** For family members who may not edit: the star shows but does not toggle, and nothing changes the entry (they may still respond to it). */
  readOnly?: boolean;
}

/** One journal entry on the Journal page. */
export function JournalEntryCard({ entry, onEdit, onTagClick, readOnly = false }: JournalEntryCardProps) {
  const [showOriginal, setShowOriginal] = useState(false);
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={entry.title}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} miw={0}>
            <Title order={3} fz="lg" lh={1.3} style={{ overflowWrap: 'anywhere' }}>
              {entry.title}
            </Title>
            <Group gap={6} wrap="wrap" style={{ rowGap: 0 }}>
              <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {entryDateLabel(entry)}
              </Text>
              <PrivacyNote isPrivate={entry.isPrivate} />
            </Group>
          </Stack>
          <Group gap={2} wrap="nowrap">
            {readOnly ? (
              <FavoriteStar isFavorite={entry.isFavorite} />
            ) : (
              <NeedsSignal>
                <FavoriteButton entry={entry} />
              </NeedsSignal>
            )}
            <EntryMenu entry={entry} shownText={displayedText(entry, showOriginal)} onEdit={onEdit} readOnly={readOnly} />
          </Group>
        </Group>
        <EntryAiStatus entry={entry} readOnly={readOnly} />
        <EntryContent entry={entry} showOriginal={showOriginal} onToggleOriginal={() => setShowOriginal((v) => !v)} />
        {entry.aiSummary && (
          <Paper radius="sm" p="sm" bg="var(--mantine-color-default-hover)">
            <Text size="xs" fw={600} c="dimmed" tt="uppercase" mb={2}>
              {entry.aiProvider === 'model' ? t.summary : t.keySentences}
            </Text>
            <Text size="sm">{entry.aiSummary}</Text>
          </Paper>
        )}
        <EntryTags tags={entry.tags} onTagClick={onTagClick} />
        {!readOnly && <SuggestedTags entry={entry} />}
        {/* Readers who may not edit the entry still react and comment. */}
        <Divider />
        <ItemResponses itemType="journal" itemId={entry.id} commentCount={entry.commentCount} reactions={entry.reactions} />
      </Stack>
    </Card>
  );
}

/** Who sees the entry, in words beside the icon: a small icon alone went unnoticed (issue 33). */
function PrivacyNote({ isPrivate }: { isPrivate: boolean }) {
  return (
    <Tooltip label={isPrivate ? t.privateTip : t.publicTip} withArrow>
      <Group component="span" gap={4} wrap="nowrap" c="dimmed" tabIndex={0} aria-label={isPrivate ? t.privateTip : t.publicTip}>
        {isPrivate ? <IconLock size={14} aria-hidden /> : <IconUsers size={14} aria-hidden />}
        <Text span size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {isPrivate ? t.privateLabel : t.publicLabel}
        </Text>
      </Group>
    </Tooltip>
  );
}

/** The star as it is, for a reader who cannot change it; nothing when the entry is no favorite. */
function FavoriteStar({ isFavorite }: { isFavorite: boolean }) {
  if (!isFavorite) return null;
  return (
    <ThemeIcon variant="transparent" color="gold" role="img" aria-label={t.favorite}>
      <IconStarFilled size={18} />
    </ThemeIcon>
  );
}

function FavoriteButton({ entry, disabled }: { entry: JournalEntry; disabled?: boolean }) {
  const favorite = useFavoriteMutation();
  const label = entry.isFavorite ? t.removeFavorite : t.addFavorite;
  return (
    <ActionIcon
      variant="subtle"
      color={entry.isFavorite ? 'gold' : 'gray'}
      aria-label={label}
      aria-pressed={entry.isFavorite}
      loading={favorite.isPending}
      disabled={disabled}
      onClick={() => favorite.mutate(entry)}
    >
      {entry.isFavorite ? <IconStarFilled size={18} /> : <IconStar size={18} />}
    </ActionIcon>
  );
}
