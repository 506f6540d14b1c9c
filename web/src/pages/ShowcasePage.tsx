import { Container, Grid, Skeleton, Stack } from '@mantine/core';
import { AthletePageHeader } from '../components/AthletePageHeader';
import { LoadError } from '../components/LoadError';
import { NoProfilePrompt } from '../components/NoProfilePrompt';
import { useCurrentAthlete } from '../lib/currentAthlete';
import { AchievementShowcase } from '../features/showcase/components/AchievementShowcase';
import { QRShowcaseCard } from '../features/showcase/components/QRShowcaseCard';
import { ShowcaseSettingsCard } from '../features/showcase/components/ShowcaseSettingsCard';

/** The showcase: achievements and their cards, the QR code, and the public page's settings. */
export function ShowcasePage() {
  const current = useCurrentAthlete();
  const athlete = current.athlete;
  return (
    <Container size="xl" py="xl" px={{ base: 'sm', sm: 'md' }}>
      {current.isError ? (
        <LoadError message="We couldn't load the athlete. Please try again." onRetry={current.refetch} />
      ) : current.isLoading ? (
        <Skeleton height={320} />
      ) : !athlete ? (
        <NoProfilePrompt title="Create an athlete profile first" text="Achievements, QR codes and the public page belong to an athlete. Create the profile on the dashboard." />
      ) : (
        <Stack gap="lg">
          <AthletePageHeader
            title="Showcase"
            subtitle="Achievements with share cards, a QR code for flyers, and a public page coaches can open"
            familySubtitle={(name) => `${name}'s achievements and public page`}
            athlete={athlete}
          />
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
    </Container>
  );
}
