import { Card, Stack, Text, Title } from '@mantine/core';
import { useMyAthletes } from '../../../lib/currentAthlete';
import { userKey, useUser } from '../../auth';
import { PhotoUpload, photoText, photoUrls } from '../../photos';
import { OwnAthletesCard, PlacesCard } from '../../athletes';
import { DeleteSection, ExportAllButton, ExportCard } from '../../legacy';
import { MeasurablesCard } from '../../measurables';
import { accountText as t } from '../strings';
import { EmailForm } from './EmailForm';
import { NameForm } from './NameForm';
import { PasswordForm } from './PasswordForm';
import { CoachLinkNoticesCard, CommentNoticesCard, DigestsCard, RecruitingBriefCard } from './DigestsCard';
import { WeeklyPromptCard } from './WeeklyPromptCard';

/**
 * /profile: the signed-in user's name and password, and for an athlete's owner the whole legacy:
 * download everything, or delete it. ProtectedRoute guarantees a user.
 */
export function AccountProfile() {
  const { user } = useUser();
  const athletes = useMyAthletes();
  if (!user) return null;
  const owned = (athletes.data ?? []).filter((a) => a.role === 'owner');
  // The weekly prompt is about an athlete of one's own: for a family, or someone about to start one.
  const writesOwnJournal = owned.length > 0 || athletes.data?.length === 0;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          {t.title}
        </Title>
        <Text c="dimmed">{t.subtitle}</Text>
      </div>
      <Card withBorder radius="md" padding="lg" component="section" aria-label={t.detailsTitle}>
        <Title order={2} fz="h4" mb="md">
          {t.detailsTitle}
        </Title>
        <Stack gap="lg">
          <PhotoUpload
            url={photoUrls.account}
            photoUrl={user.profileImageUrl}
            name={[user.firstName, user.lastName].filter(Boolean).join(' ') || user.email}
            label={photoText.accountLabel}
            shownIn={[userKey]}
          />
          <NameForm key={user.id} user={user} />
        </Stack>
      </Card>
      <OwnAthletesCard />
      <MeasurablesCard />
      <Card withBorder radius="md" padding="lg" component="section" aria-label={t.emailTitle}>
        <Title order={2} fz="h4" mb="md">
          {t.emailTitle}
        </Title>
        <EmailForm />
      </Card>
      <DigestsCard />
      {writesOwnJournal && <WeeklyPromptCard />}
      {owned.length > 0 && <CommentNoticesCard />}
      {owned.length > 0 && <CoachLinkNoticesCard />}
      {owned.length > 0 && <RecruitingBriefCard />}
      <PlacesCard />
      <Card withBorder radius="md" padding="lg" component="section" aria-label={t.passwordTitle}>
        <Title order={2} fz="h4" mb="md">
          {t.passwordTitle}
        </Title>
        <PasswordForm />
      </Card>
      {owned.length > 1 && <ExportAllButton />}
      {owned.map((a) => (
        <ExportCard key={a.id} athleteId={a.id} athleteName={a.name} />
      ))}
      {athletes.isSuccess && <DeleteSection athletes={owned} />}
    </Stack>
  );
}
