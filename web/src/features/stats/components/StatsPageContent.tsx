import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { notifications } from '@mantine/notifications';
import { Anchor, Button, Group, Skeleton, Stack, Tabs } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { AthleteContent } from '../../../components/AthleteContent';
import { AthletePageHeader } from '../../../components/AthletePageHeader';
import { LoadError } from '../../../components/LoadError';
import { useCurrentAthlete, type Athlete } from '../../../lib/currentAthlete';
import { catalogueOf, sportLead, sportsWithStats } from '../catalogue';
import { useEveryGame, useRollup, useSeasons, useStatsReport, useStatsSports } from '../queries';
import { statsPageText as t, statsToasts } from '../strings';
import phoneTabs from '../../../components/PhoneTabs.module.css';
import { StatsIntegrationPanel } from './StatsIntegrationPanel';
import { StatsOverview } from './StatsOverview';
import { LeadStatsPicker } from './LeadStatsPicker';
import { SportSwitcher } from './SportSwitcher';

// The charts (@mantine/charts and recharts, most of this page's code) load only when Trends is opened.
const StatsTrends = lazy(async () => ({ default: (await import('./StatsTrends')).StatsTrends }));

/** The Sports Statistics page: Overview, Platforms (the integration panel), Trends, and the report. */
export function StatsPageContent() {
  useTeamSnapReturn();
  return (
    <AthleteContent current={useCurrentAthlete()} noProfile={{ title: t.noProfileTitle, text: t.noProfileText }} skeleton={<Skeleton height={320} />}>
      {(athlete) => <AthleteStats key={athlete.id} athlete={athlete} />}
    </AthleteContent>
  );
}

/** Says how the TeamSnap authorization went when TeamSnap sends the family back here, once. */
function useTeamSnapReturn() {
  const [params, setParams] = useSearchParams();
  const outcome = params.get('teamsnap');
  useEffect(() => {
    if (outcome !== 'connected' && outcome !== 'denied' && outcome !== 'failed') return;
    notifications.show(statsToasts.teamSnap[outcome]);
    setParams(
      (p) => {
        p.delete('teamsnap');
        return p;
      },
      { replace: true },
    );
  }, [outcome, setParams]);
}

function AthleteStats({ athlete }: { athlete: Athlete }) {
  const games = useEveryGame(athlete.id);
  const seasons = useSeasons(athlete.id);
  const sports = useStatsSports(athlete.id);
  const rollup = useRollup(athlete.id);
  const report = useStatsReport(athlete.id);
  const canEdit = athlete.permissions.edit;
  // The Overview and Trends show one sport at a time: the one chosen, else the first the athlete has numbers in.
  const [chosen, setChosen] = useState<string | null>(null);
  const withStats = sportsWithStats(sports.data, games.data ?? [], seasons.data ?? []);
  const sport = chosen !== null && withStats.includes(chosen) ? chosen : (withStats[0] ?? sports.data?.plays[0] ?? 'baseball');
  const catalogue = catalogueOf(sports.data, sport);
  const lead = sportLead(sports.data, sport);
  const switcher = <SportSwitcher sports={withStats} value={sport} onChange={setChosen} catalogues={sports.data} />;

  return (
    <Stack gap="lg">
      <AthletePageHeader
        title={t.title}
        subtitle={t.subtitle}
        familySubtitle={t.familySubtitle}
        athlete={athlete}
        action={
          canEdit && (
            <Group gap="sm">
              {report.made?.url && !report.working && (
                <Anchor href={report.made.url} target="_blank" rel="noopener">
                  {t.reportOpen}
                </Anchor>
              )}
              <Button leftSection={<IconFileTypePdf size={16} />} loading={report.working} onClick={report.generate}>
                {t.generateReport}
              </Button>
            </Group>
          )
        }
      />
      {report.working && <span aria-live="polite">{t.reportWorking}</span>}
      <Tabs defaultValue="overview" keepMounted={false} classNames={phoneTabs}>
        <Tabs.List>
          <Tabs.Tab value="overview">{t.tabOverview}</Tabs.Tab>
          <Tabs.Tab value="platforms">{t.tabPlatforms}</Tabs.Tab>
          <Tabs.Tab value="trends">{t.tabTrends}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          {games.isError || seasons.isError || rollup.isError || sports.isError ? (
            <LoadError message={t.loadFailed} onRetry={() => void Promise.all([games.refetch(), seasons.refetch(), rollup.refetch(), sports.refetch()])} />
          ) : !games.data || !seasons.data || !rollup.data || !sports.data ? (
            <Skeleton height={200} />
          ) : (
            <Stack gap="md">
              <Group justify="space-between" gap="xs">
                {switcher}
                {canEdit && <LeadStatsPicker athleteId={athlete.id} sport={sport} />}
              </Group>
              <StatsOverview
                sport={sport}
                catalogue={catalogue}
                position={athlete.position}
                lead={lead}
                classYear={athlete.graduationYear}
                games={games.data}
                seasons={seasons.data}
                rollup={rollup.data}
                readOnly={!canEdit}
              />
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="platforms" pt="md">
          <StatsIntegrationPanel athleteId={athlete.id} canEdit={canEdit} position={athlete.position} />
        </Tabs.Panel>
        <Tabs.Panel value="trends" pt="md">
          <Suspense fallback={<Skeleton height={220} />}>
            {games.data && sports.data ? (
              <Stack gap="md">
                {switcher}
                <StatsTrends sport={sport} catalogue={catalogue} position={athlete.position} lead={lead} games={games.data} />
              </Stack>
            ) : (
              <Skeleton height={220} />
            )}
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
