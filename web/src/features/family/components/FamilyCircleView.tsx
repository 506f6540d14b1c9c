import { Skeleton, Stack } from '@mantine/core';
import { LoadError } from '../../../components/LoadError';
import { loadErrorText } from '../../../lib/messages';
import { useCurrentAthlete } from '../../../lib/currentAthlete';
import { pageText } from '../strings';
import { FamilyCircle } from './FamilyCircle';
import { NoProfilePrompt } from '../../../components/NoProfilePrompt';

/** Resolves the athlete for /family: a skeleton, a load error, the no-profile prompt or the circle. */
export function FamilyCircleView() {
  const { athlete, isLoading, isError, refetch } = useCurrentAthlete();
  if (isLoading) {
    return (
      <Stack gap="lg">
        <Skeleton height={48} width="40%" radius="md" />
        <Skeleton height={280} radius="md" />
      </Stack>
    );
  }
  if (isError) return <LoadError message={loadErrorText.athlete} onRetry={() => void refetch()} />;
  if (!athlete) return <NoProfilePrompt title={pageText.noProfileTitle} text={pageText.noProfileText} />;
  return <FamilyCircle athlete={athlete} />;
}
