import { Stack } from '@mantine/core';
import { useDemoQuery } from '../queries';
import { demoText } from '../strings';
import { AthleteCardSkeleton } from './AthleteCardSkeleton';
import { AthleteProfileCard } from './AthleteProfileCard';
import { DemoBanner } from './DemoBanner';
import { LoadError } from '../../../components/LoadError';

/** /demo: the sample athlete's card, read-only (no Create or Edit), for visitors who are not signed in. */
export function DemoAthlete() {
  const demo = useDemoQuery();
  return (
    <Stack gap="lg">
      <DemoBanner />
      {demo.isLoading ? (
        <AthleteCardSkeleton />
      ) : demo.isError || !demo.data ? (
        <LoadError title={demoText.loadFailedTitle} message={demoText.loadFailed} onRetry={() => void demo.refetch()} />
      ) : (
        <AthleteProfileCard athlete={demo.data.athlete} stats={demo.data.stats} events={demo.data.events} />
      )}
    </Stack>
  );
}
