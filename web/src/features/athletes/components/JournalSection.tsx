import { IconNotebook } from '@tabler/icons-react';
import { dashboardText as t } from '../strings';
import { EmptyNote } from './EmptyNote';
import { NewEntryButton } from './NewEntryButton';
import { SectionCard } from './SectionCard';

/** Journal Entries: the journal is not built yet, so this is its empty state and the way in. */
export function JournalSection({ hasProfile }: { hasProfile: boolean }) {
  return (
    <SectionCard title={t.journalTitle} icon={<IconNotebook size={20} />} action={<NewEntryButton hasProfile={hasProfile} />}>
      <EmptyNote
        icon={<IconNotebook size={22} />}
        title={t.noJournalEntries}
        description={hasProfile ? t.journalEmptyHint : t.journalNoProfileHint}
      />
    </SectionCard>
  );
}
