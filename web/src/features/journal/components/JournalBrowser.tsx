import { useState } from 'react';
import { Button, Grid, Group, Skeleton, Stack, Tabs } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { AthleteContent } from '../../../components/AthleteContent';
import { AthletePageHeader } from '../../../components/AthletePageHeader';
import { useCurrentAthlete } from '../../../lib/currentAthlete';
import type { JournalEntry, JournalPrompt } from '../api';
import { PAGE_SIZE, RECENT_ENTRY_COUNT } from '../entryRules';
import { useJournalOptionsQuery, useJournalStatsQuery, type PageFilters } from '../queries';
import { journalText as t } from '../strings';
import { AiAssistantCard } from './AiAssistantCard';
import { EntryFormModal, closedEntryDialog, type EntryDialogState } from './dialogs';
import { JournalCategoriesCard } from './JournalCategoriesCard';
import { JournalEntryList } from './JournalEntryList';
import { ALL_CATEGORIES, JournalFilters } from './JournalFilters';
import { JournalStatsCard } from './JournalStatsCard';
import { QueuedEntryList } from './QueuedEntryList';
import { useQueuedEntries } from '../outbox/journalOutbox';
import { DateFilterNote, useDateParam } from '../../../components/DateFilterNote';
import { SeasonStoryButton } from '../../season-story';

/** Spec: the search box is debounced before it reaches the server. */
const SEARCH_DEBOUNCE_MS = 300;

/** 'enhanced' is the spec's AI Enhanced tab; where no AI service is configured it lists the offline cleanup's work, named so. */
type Tab = 'all' | 'recent' | 'enhanced';

/**
 * The Journal page: search, category and tabs over the current athlete's entries, with the assistant and
 * stats beside them. Family members who may not edit read it without the controls that write.
 */
export function JournalBrowser() {
  const current = useCurrentAthlete();
  const athleteId = current.athlete?.id;
  const readOnly = current.athlete !== null && !current.athlete.permissions.edit;
  const stats = useJournalStatsQuery(athleteId);
  const options = useJournalOptionsQuery();
  // Until the answer comes, nothing is called AI.
  const aiService = options.data?.aiService ?? false;
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const [favoritesOnly, setFavoritesOnly] = useState(false);
  const [tab, setTab] = useState<Tab>('all');
  const [dialog, setDialog] = useState<EntryDialogState>(closedEntryDialog);
  const hasQueued = useQueuedEntries(athleteId).length > 0;

  const tag = category === ALL_CATEGORIES ? '' : category;
  // A milestone's 'View associated journal entries' opens the journal on the entries of its day.
  const [date, clearDate] = useDateParam();
  const filtersFor = (which: Tab): PageFilters => ({
    q,
    tag,
    favorite: favoritesOnly,
    aiEnhanced: which === 'enhanced' && aiService,
    cleanedOffline: which === 'enhanced' && !aiService,
    limit: which === 'recent' ? RECENT_ENTRY_COUNT : PAGE_SIZE,
    date,
  });
  const filtered = q !== '' || tag !== '' || date !== '' || favoritesOnly;
  const emptyFor = (which: Tab) =>
    filtered
      ? { title: t.noMatches, description: t.noMatchesHint }
      : which !== 'enhanced'
        ? readOnly
          ? { title: t.noEntriesShared, description: t.noEntriesSharedHint }
          : { title: t.noEntries, description: t.noEntriesHint }
        : aiService
          ? { title: t.noAiEntries, description: t.noAiEntriesHint }
          : { title: t.noCleanedEntries, description: t.noCleanedEntriesHint };

  const openNew = (prompt: JournalPrompt | null = null) => setDialog({ opened: true, entry: null, prompt });
  const openEdit = (entry: JournalEntry) => setDialog({ opened: true, entry, prompt: null });
  const toggleCategory = (value: string) =>
    setCategory((current) => (current.toLowerCase() === value.toLowerCase() ? ALL_CATEGORIES : value));
  const categories = stats.data?.categories ?? [];

  return (
    <Stack gap="lg">
      <AthletePageHeader
        title={t.pageTitle}
        subtitle={t.pageSubtitle}
        familySubtitle={t.familySubtitle}
        athlete={current.athlete}
        action={
          !readOnly && (
            <Group gap="sm">
              {current.athlete && (
                <SeasonStoryButton
                  athlete={{ id: current.athlete.id, name: current.athlete.name, sports: current.athlete.sports, isOwner: current.athlete.role === 'owner' }}
                />
              )}
              <Button leftSection={<IconPlus size={16} />} onClick={() => openNew()}>
                {t.newEntry}
              </Button>
            </Group>
          )
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <AthleteContent
            current={current}
            noProfile={{ title: t.noProfileTitle, text: t.noProfileText }}
            skeleton={<Skeleton height={320} radius="md" />}
          >
            {(athlete) => (
              <Stack gap="md">
                {date && <DateFilterNote date={date} what="journal entries" onClear={clearDate} />}
                <QueuedEntryList athleteId={athlete.id} />
                <JournalFilters
                  search={search}
                  onSearchChange={setSearch}
                  category={category}
                  onCategoryChange={setCategory}
                  categories={categories}
                  favoritesOnly={favoritesOnly}
                  onFavoritesOnlyChange={setFavoritesOnly}
                />
                <Tabs value={tab} onChange={(value) => setTab((value as Tab | null) ?? 'all')} keepMounted={false}>
                  <Tabs.List mb="md">
                    <Tabs.Tab value="all">{t.tabAll}</Tabs.Tab>
                    <Tabs.Tab value="recent">{t.tabRecent}</Tabs.Tab>
                    <Tabs.Tab value="enhanced">{aiService ? t.tabAiEnhanced : t.tabCleanedOffline}</Tabs.Tab>
                  </Tabs.List>
                  {(['all', 'recent', 'enhanced'] as const).map((which) => (
                    <Tabs.Panel key={which} value={which}>
                      <JournalEntryList
                        athleteId={athlete.id}
                        filters={filtersFor(which)}
                        paged={which !== 'recent'}
                        empty={emptyFor(which)}
                        onEdit={openEdit}
                        onTagClick={toggleCategory}
                        readOnly={readOnly}
                        hideEmpty={hasQueued && !filtered && which !== 'enhanced'}
                      />
                    </Tabs.Panel>
                  ))}
                </Tabs>
              </Stack>
            )}
          </AthleteContent>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            {/* Waits for the profile: without one the prompts are the built-ins and nothing can be added. */}
            {/* Prompts and reminders are for those who write: a member who may only look has none. */}
            {current.isLoading ? (
              <Skeleton height={360} radius="md" />
            ) : (
              !readOnly && <AiAssistantCard athleteId={athleteId} onUsePrompt={openNew} />
            )}
            {athleteId !== undefined && (
              <>
                <JournalCategoriesCard categories={categories} selected={tag} onSelect={toggleCategory} readOnly={readOnly} />
                <JournalStatsCard stats={stats.data} loading={stats.isPending || options.isPending} aiService={aiService} />
              </>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <EntryFormModal
        opened={dialog.opened}
        onClose={() => setDialog((d) => ({ ...d, opened: false }))}
        athleteId={athleteId}
        entry={dialog.entry}
        prompt={dialog.prompt}
      />
    </Stack>
  );
}
