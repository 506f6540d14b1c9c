import { Skeleton, Stack } from '@mantine/core';
import { AthleteContent } from '../../../components/AthleteContent';
import { useCurrentAthlete } from '../../../lib/currentAthlete';
import { pageText } from '../strings';
import { FamilyCircle } from './FamilyCircle';

/** Resolves the athlete for /family: a skeleton, a load error, the no-profile prompt or the circle. */
export function FamilyCircleView() {
  return (
    <AthleteContent
      current={useCurrentAthlete()}
      noProfile={{ title: pageText.noProfileTitle, text: pageText.noProfileText }}
      skeleton={
        <Stack gap="lg">
          <Skeleton height={48} width="40%" radius="md" />
          <Skeleton height={280} radius="md" />
        </Stack>
      }
    >
      {(athlete) => <FamilyCircle athlete={athlete} />}
    </AthleteContent>
  );
}
