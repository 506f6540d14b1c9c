import { Card, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import { useDigestSettings, useEmailSettings, useSetCoachLinkNotices, useSetCommentNotices, useSetDigest, useSetRecruitingBrief, type DigestFrequency } from '../digests';
import { digestText as t } from '../strings';

/** E-mail: for each athlete the member follows, a daily or weekly digest of what is new, or none. */
export function DigestsCard() {
  const settings = useDigestSettings();
  const setDigest = useSetDigest();
  if (!settings.data || settings.data.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t.title}>
      <Title order={2} fz="h4" mb={4}>
        {t.title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t.hint}
      </Text>
      <Stack gap="md">
        {settings.data.map((d) => (
          <div key={d.athleteId}>
            <Text fw={600} mb={6} id={`digest-${d.athleteId}`}>
              {d.athleteName}
            </Text>
            <SegmentedControl
              aria-labelledby={`digest-${d.athleteId}`}
              value={d.frequency}
              onChange={(frequency) => setDigest.mutate({ athleteId: d.athleteId, frequency: frequency as DigestFrequency })}
              data={[
                { value: 'daily', label: t.daily },
                { value: 'weekly', label: t.weekly },
                { value: 'never', label: t.never },
              ]}
            />
          </div>
        ))}
      </Stack>
    </Card>
  );
}

/** For an athlete's owner: an e-mail, at most one an hour, when the family comments on what they shared. */
export function CommentNoticesCard() {
  const settings = useEmailSettings();
  const setNotices = useSetCommentNotices();
  if (!settings.data) return null;
  return (
    <EmailSwitchCard
      title={t.noticesTitle}
      label={t.noticesLabel}
      hint={t.noticesHint}
      checked={settings.data.commentNotices}
      saving={setNotices.isPending}
      onChange={(on) => setNotices.mutate(on)}
    />
  );
}

/** For an athlete's owner: an e-mail, at most one a day per link, when a coach opens a coach link. */
export function CoachLinkNoticesCard() {
  const settings = useEmailSettings();
  const setNotices = useSetCoachLinkNotices();
  if (!settings.data) return null;
  return (
    <EmailSwitchCard
      title={t.coachLinkTitle}
      label={t.coachLinkLabel}
      hint={t.coachLinkHint}
      checked={settings.data.coachLinkNotices}
      saving={setNotices.isPending}
      onChange={(on) => setNotices.mutate(on)}
    />
  );
}

/** For an athlete's owner: the weekly recruiting brief by e-mail, each Monday. */
export function RecruitingBriefCard() {
  const settings = useEmailSettings();
  const setBrief = useSetRecruitingBrief();
  if (!settings.data) return null;
  return (
    <EmailSwitchCard
      title={t.recruitingBriefTitle}
      label={t.recruitingBriefLabel}
      hint={t.recruitingBriefHint}
      checked={settings.data.recruitingBrief}
      saving={setBrief.isPending}
      onChange={(on) => setBrief.mutate(on)}
    />
  );
}

interface EmailSwitchCardProps {
  title: string;
  label: string;
  hint: string;
  checked: boolean;
  saving: boolean;
  onChange: (on: boolean) => void;
}

/** The profile page's card for one e-mail the account may turn on or off; it saves as it is flipped. */
export function EmailSwitchCard({ title, label, hint, checked, saving, onChange }: EmailSwitchCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Title order={2} fz="h4" mb="md">
        {title}
      </Title>
      <Switch label={label} description={hint} checked={checked} disabled={saving} onChange={(e) => onChange(e.currentTarget.checked)} />
    </Card>
  );
}
