import { useState } from 'react';
import { Divider, Group, Skeleton, Stack } from '@mantine/core';
import { IconNotebook } from '@tabler/icons-react';
import { EntryFormModal, JournalEntryCompact, QueuedEntryList, useLatestEntriesQuery, journalText } from '../../journal';
import { useCurrentAthlete } from '../../../lib/currentAthlete';
import { dashboardText as t } from '../strings';
import { EmptyNote } from '../../../components/EmptyNote';
import { LoadError } from '../../../components/LoadError';
import { NewEntryButton } from './NewEntryButton';
import { PanelLink } from '../../../components/PanelLink';
import { SectionCard } from '../../../components/SectionCard';

/**
 * Journal Entries on the dashboard: the current athlete's latest two, a New Entry dialog (for those who
 * may write) and the way to the full journal.
 */
export function JournalSection({ hasProfile }: { hasProfile: boolean }) {
  const { athlete } = useCurrentAthlete();
  const athleteId = hasProfile ? athlete?.id : undefined;
  const readOnly = athlete !== null && !athlete.permissions.edit;
  const latest = useLatestEntriesQuery(athleteId);
  const [dialogOpen, setDialogOpen] = useState(false);

  let body;
  if (athleteId === undefined) {
    body = <EmptyNote icon={<IconNotebook size={22} />} title={t.noJournalEntries} description={t.journalNoProfileHint} />;
  } else if (latest.isPending) {
    body = (
      <Stack gap="md" aria-busy="true">
        {[0, 1].map((i) => (
          <Stack key={i} gap={6}>
            <Skeleton height={14} width="40%" />
            <Skeleton height={10} width="20%" />
            <Skeleton height={10} />
          </Stack>
        ))}
      </Stack>
    );
  } else if (latest.isError) {
    body = <LoadError message={journalText.loadFailed} onRetry={() => void latest.refetch()} />;
  } else if (latest.data.length === 0) {
    body = readOnly ? (
      <EmptyNote icon={<IconNotebook size={22} />} title={t.noJournalShared} description={t.journalSharedHint} />
    ) : (
      <EmptyNote icon={<IconNotebook size={22} />} title={t.noJournalEntries} description={t.journalEmptyHint} />
    );
  } else {
    body = (
      <Stack gap="md">
        {latest.data.map((entry, i) => (
          <Stack key={entry.id} gap="md">
            {i > 0 && <Divider />}
            <JournalEntryCompact entry={entry} />
          </Stack>
        ))}
        <Group justify="flex-end">
          <PanelLink to="/journal">{t.viewAllEntries}</PanelLink>
        </Group>
      </Stack>
    );
  }

  return (
    <SectionCard
      title={t.journalTitle}
      icon={<IconNotebook size={20} />}
      action={readOnly ? undefined : <NewEntryButton hasProfile={hasProfile} onClick={() => setDialogOpen(true)} />}
    >
      {athleteId !== undefined && <QueuedEntryList athleteId={athleteId} compact />}
      {body}
      {athleteId !== undefined && !readOnly && (
        <EntryFormModal
          opened={dialogOpen}
          onClose={() => setDialogOpen(false)}
          athleteId={athleteId}
          variant="dashboard"
        />
      )}
    </SectionCard>
  );
}
