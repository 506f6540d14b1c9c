import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { notifications } from '@mantine/notifications';
import { Anchor, Button, Group, Skeleton, Stack, Tabs } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { AthleteContent } from '../../../components/AthleteContent';
import { AthletePageHeader } from '../../../components/AthletePageHeader';
import { LoadError } from '../../../components/LoadError';
import { useCurrentAthlete, type Athlete } from '../../../lib/currentAthlete';
import { useEveryGame, useSeasons, useStatsReport } from '../queries';
import { statsPageText as t, statsToasts } from '../strings';
import phoneTabs from '../../../components/PhoneTabs.module.css';
import { StatsIntegrationPanel } from './StatsIntegrationPanel';
import { StatsOverview } from './StatsOverview';

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
  const report = useStatsReport(athlete.id);
  const canEdit = athlete.permissions.edit;

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
          {games.isError || seasons.isError ? (
            <LoadError message={t.loadFailed} onRetry={() => void Promise.all([games.refetch(), seasons.refetch()])} />
          ) : !games.data || !seasons.data ? (
            <Skeleton height={200} />
          ) : (
            <StatsOverview games={games.data} seasons={seasons.data} readOnly={!canEdit} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="platforms" pt="md">
          <StatsIntegrationPanel athleteId={athlete.id} canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="trends" pt="md">
          <Suspense fallback={<Skeleton height={220} />}>{games.data ? <StatsTrends games={games.data} /> : <Skeleton height={220} />}</Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
