import { Grid, Stack } from '@mantine/core';
import { WeeklyPromptQuestion } from '../../account';
import { UnfinishedUploads } from '../../media-upload';
import type { Athlete } from '../../../lib/currentAthlete';
import { LimitedAccessNote } from '../../../components/AccessNotice';
import { AchievementShowcaseCard } from './AchievementShowcaseCard';
import { FollowUpsCard } from './FollowUpsCard';
import { InTheLoopCard } from './InTheLoopCard';
import { JournalSection } from './JournalSection';
import { LegacyTimelineSection } from './LegacyTimelineSection';
import { RecentMediaSection } from './RecentMediaSection';
import { RecruitingBriefCard } from './RecruitingBriefCard';
import { RecruitingEventsCard } from './RecruitingEventsCard';
import { SportsStatsCard } from './SportsStatsCard';

interface DashboardCardsProps {
  athlete: Athlete | null;
  readOnly: boolean;
  /** The weekly prompt's question shows (the family's own athlete, or none yet). */
  weeklyPrompt: boolean;
}

/** Everything below the athlete's card on the dashboard: the weekly prompt, notices, and the two columns of cards. */
export function DashboardCards({ athlete, readOnly, weeklyPrompt }: DashboardCardsProps) {
  return (
    <>
      {weeklyPrompt && <WeeklyPromptQuestion />}
      <LimitedAccessNote role={athlete?.role} />
      <UnfinishedUploads />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <JournalSection hasProfile={!!athlete} />
            <RecentMediaSection />
            <LegacyTimelineSection readOnly={readOnly} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <InTheLoopCard />
            {athlete && <FollowUpsCard athleteId={athlete.id} />}
            {athlete?.role === 'owner' && <RecruitingBriefCard athleteId={athlete.id} />}
            <RecruitingEventsCard />
            {athlete && <SportsStatsCard athleteId={athlete.id} />}
            {athlete && <AchievementShowcaseCard athleteId={athlete.id} canEdit={athlete.permissions.edit} />}
          </Stack>
        </Grid.Col>
      </Grid>
    </>
  );
}
