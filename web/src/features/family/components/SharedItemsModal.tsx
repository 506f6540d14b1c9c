import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Group, ScrollArea, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Dialog } from '../../../components/Dialog';
import { LoadError } from '../../../components/LoadError';
import { type JournalEntry, entryDateLabel } from '../../journal';
import { type MediaItem, useMediaPages, mediaTypeLabels } from '../../media';
import { ShowMore } from '../../../components/ShowMore';
import type { FamilyMember, MemberShares } from '../api';
import { useSaveSharesMutation, useShareableEntriesQuery, useSharesQuery } from '../queries';
import { sharesText as t } from '../strings';

interface SharedItemsModalProps {
  /** The limited member whose items are chosen; null keeps the dialog closed. */
  member: FamilyMember | null;
  onClose: () => void;
}

/** 'Choose shared items' for a limited member: journal entries and media, ticked; Save replaces what was shared. */
export function SharedItemsModal({ member, onClose }: SharedItemsModalProps) {
  return (
    <Dialog
      opened={member !== null}
      onClose={onClose}
      title={t.dialogTitle}
      size="lg"
      radius="md"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      {member && <SharedItemsLoader key={member.id} member={member} onDone={onClose} />}
    </Dialog>
  );
}

function SharedItemsLoader({ member, onDone }: { member: FamilyMember; onDone: () => void }) {
  const shares = useSharesQuery(member.id);
  const entries = useShareableEntriesQuery(member.athleteId);
  const media = useMediaPages(member.athleteId);
  const queries = [shares, entries, media];
  if (queries.some((q) => q.isError)) {
    return <LoadError message={t.loadFailed} onRetry={() => queries.forEach((q) => q.isError && void q.refetch())} />;
  }
  if (!shares.data || !entries.data || !media.data) {
    return (
      <Stack gap="sm" aria-busy>
        <Skeleton height={16} width="70%" />
        <Skeleton height={180} />
      </Stack>
    );
  }
  return (
    <SharedItemsForm
      member={member}
      initial={shares.data}
      entries={entries.items}
      moreEntries={<ShowMore list={entries} />}
      media={media.items}
      more={<ShowMore list={media} />}
      onDone={onDone}
    />
  );
}

interface SharedItemsFormProps {
  member: FamilyMember;
  initial: MemberShares;
  entries: JournalEntry[];
  /** The journal's next page, while it has one. */
  moreEntries: ReactNode;
  media: MediaItem[];
  /** The library's next page, while it has one. */
  more: ReactNode;
  onDone: () => void;
}

function SharedItemsForm({ member, initial, entries, moreEntries, media, more, onDone }: SharedItemsFormProps) {
  const [journal, setJournal] = useState(() => initial.journal.map(String));
  const [mediaIds, setMediaIds] = useState(() => initial.media.map(String));
  const [stats, setStats] = useState(() => initial.stats === true);
  const [milestones, setMilestones] = useState(() => initial.milestones === true);
  const [recruiting, setRecruiting] = useState(() => initial.recruiting === true);
  const save = useSaveSharesMutation();
  const submit = () =>
    save.mutate(
      { member, shares: { journal: journal.map(Number), media: mediaIds.map(Number), stats, milestones, recruiting } },
      { onSuccess: onDone },
    );

  return (
    <Stack gap="md">
      <Text size="sm">{t.description(member.name)}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <ItemList title={t.journalTitle} empty={t.noEntries} value={journal} onChange={setJournal} more={moreEntries}>
          {entries.map((entry) => (
            <Checkbox
              key={entry.id}
              value={String(entry.id)}
              label={entry.title}
              // Private entries stay the owner's alone whatever is shared (docs/API.md).
              disabled={entry.isPrivate}
              description={entry.isPrivate ? `${entryDateLabel(entry)} · ${t.privateEntry}` : entryDateLabel(entry)}
            />
          ))}
        </ItemList>
        <ItemList title={t.mediaTitle} empty={t.noMedia} value={mediaIds} onChange={setMediaIds} more={more}>
          {media.map((item) => (
            <Checkbox
              key={item.id}
              value={String(item.id)}
              label={item.title}
              description={mediaTypeLabels[item.mediaType] ?? mediaTypeLabels.other}
            />
          ))}
        </ItemList>
      </SimpleGrid>
      <Stack gap={4}>
        <Title order={3} fz="sm">
          {t.statsTitle}
        </Title>
        <Checkbox
          label={t.statsLabel}
          description={t.statsDescription}
          checked={stats}
          onChange={(event) => setStats(event.currentTarget.checked)}
        />
      </Stack>
      <Stack gap={4}>
        <Title order={3} fz="sm">
          {t.sectionsTitle}
        </Title>
        <Checkbox
          label={t.milestonesLabel}
          description={t.milestonesDescription}
          checked={milestones}
          onChange={(event) => setMilestones(event.currentTarget.checked)}
        />
        <Checkbox
          label={t.recruitingLabel}
          description={t.recruitingDescription}
          checked={recruiting}
          onChange={(event) => setRecruiting(event.currentTarget.checked)}
        />
      </Stack>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={save.isPending}>
          {t.cancel}
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          {t.save}
        </Button>
      </Group>
    </Stack>
  );
}

interface ItemListProps {
  title: string;
  empty: string;
  value: string[];
  onChange: (value: string[]) => void;
  children: ReactNode[];
  more?: ReactNode;
}

function ItemList({ title, empty, value, onChange, children, more }: ItemListProps) {
  return (
    <Checkbox.Group label={<Title order={3} fz="sm">{title}</Title>} value={value} onChange={onChange}>
      {children.length === 0 ? (
        <Text size="sm" c="dimmed" mt="xs">
          {empty}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={320} type="auto" mt="xs">
          <Stack gap="sm" pr="sm">
            {children}
            {more}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Checkbox.Group>
  );
}
