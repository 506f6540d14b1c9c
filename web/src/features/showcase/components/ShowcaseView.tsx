import { Grid, Skeleton, Stack } from '@mantine/core';
import { AthleteContent } from '../../../components/AthleteContent';
import { AthletePageHeader } from '../../../components/AthletePageHeader';
import { useCurrentAthlete } from '../../../lib/currentAthlete';
import { showcasePageText as t } from '../strings';
import { AchievementShowcase } from './AchievementShowcase';
import { QRShowcaseCard } from './QRShowcaseCard';
import { ShowcaseSettingsCard } from './ShowcaseSettingsCard';

/** /showcase: achievements and their cards, the QR code, and the public page's settings. */
export function ShowcaseView() {
  return (
    <AthleteContent
      current={useCurrentAthlete()}
      noProfile={{ title: t.noProfileTitle, text: t.noProfileText }}
      skeleton={<Skeleton height={320} />}
    >
      {(athlete) => (
        <Stack gap="lg">
          <AthletePageHeader title={t.title} subtitle={t.subtitle} familySubtitle={t.familySubtitle} athlete={athlete} />
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <AchievementShowcase athleteId={athlete.id} canEdit={athlete.permissions.edit} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Stack gap="lg">
                <QRShowcaseCard athleteId={athlete.id} canEdit={athlete.permissions.edit} />
                <ShowcaseSettingsCard athleteId={athlete.id} canManage={athlete.permissions.manageCircle} />
              </Stack>
            </Grid.Col>
          </Grid>
        </Stack>
      )}
    </AthleteContent>
  );
}
