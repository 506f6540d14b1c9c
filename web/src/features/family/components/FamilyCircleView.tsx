import { Skeleton, Stack } from '@mantine/core';
import { LoadError } from '../../athletes/components/LoadError';
import { loadErrorText } from '../../athletes/strings';
import { useFamilyAthlete } from '../useFamilyAthlete';
import { FamilyCircle } from './FamilyCircle';
import { NoProfilePrompt } from './NoProfilePrompt';

/** Resolves the athlete for /family: a skeleton, a load error, the no-profile prompt or the circle. */
export function FamilyCircleView() {
  const { athlete, isLoading, isError, refetch } = useFamilyAthlete();
  if (isLoading) {
    return (
      <Stack gap="lg">
        <Skeleton height={48} width="40%" radius="md" />
        <Skeleton height={280} radius="md" />
      </Stack>
    );
  }
  if (isError) return <LoadError message={loadErrorText.athlete} onRetry={() => void refetch()} />;
  if (!athlete) return <NoProfilePrompt />;
  return <FamilyCircle athlete={athlete} />;
}
