import { useState } from 'react';
import { Grid, Stack } from '@mantine/core';
import { useUser } from '../../auth/queries';
import type { Athlete } from '../api';
import { useMyAthleteQuery } from '../queries';
import { loadErrorText } from '../strings';
import { AchievementShowcaseCard } from './AchievementShowcaseCard';
import { AthleteCardSkeleton } from './AthleteCardSkeleton';
import { AthleteFormModal } from './AthleteFormModal';
import { InTheLoopCard } from './InTheLoopCard';
import { JournalSection } from './JournalSection';
import { LegacyTimelineSection } from './LegacyTimelineSection';
import { LoadError } from './LoadError';
import { MyAthleteCard } from './MyAthleteCard';
import { RecentMediaSection } from './RecentMediaSection';
import { RecruitingEventsCard } from './RecruitingEventsCard';
import { SportsStatsCard } from './SportsStatsCard';
import { WelcomeCard } from './WelcomeCard';

/** The signed-in dashboard: the athlete card on top, then a main column and a side column. */
export function Dashboard() {
  const { user } = useUser();
  const athleteQuery = useMyAthleteQuery();
  const athlete = athleteQuery.data ?? null;
  // Which athlete the dialog edits is fixed when it opens, so its title stays put while it closes.
  const [dialog, setDialog] = useState<{ opened: boolean; athlete: Athlete | null }>({ opened: false, athlete: null });
  const closeDialog = () => setDialog((d) => ({ ...d, opened: false }));

  return (
    <Stack gap="lg">
      {athleteQuery.isLoading ? (
        <AthleteCardSkeleton />
      ) : athleteQuery.isError ? (
        <LoadError message={loadErrorText.athlete} onRetry={() => void athleteQuery.refetch()} />
      ) : athlete ? (
        <MyAthleteCard athlete={athlete} onEdit={() => setDialog({ opened: true, athlete })} />
      ) : (
        <WelcomeCard firstName={user?.firstName ?? ''} onCreate={() => setDialog({ opened: true, athlete: null })} />
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <JournalSection hasProfile={!!athlete} />
            <RecentMediaSection />
            <LegacyTimelineSection />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <InTheLoopCard />
            <RecruitingEventsCard />
            {athlete && <SportsStatsCard athleteId={athlete.id} />}
            {athlete && <AchievementShowcaseCard />}
          </Stack>
        </Grid.Col>
      </Grid>
      <AthleteFormModal opened={dialog.opened} onClose={closeDialog} athlete={dialog.athlete} />
    </Stack>
  );
}
