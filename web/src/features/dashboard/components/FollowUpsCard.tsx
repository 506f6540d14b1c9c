import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconBellRinging, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyNote } from '../../../components/EmptyNote';
import { PanelLink } from '../../../components/PanelLink';
import { SectionCard } from '../../../components/SectionCard';
import { outreachText as t, useFollowUpsQuery, type FollowUp } from '../../recruiting';

/** Where a follow-up's college is: its row on the College Interests tab. */
export const collegeRowPath = (id: number) => `/recruiting?tab=colleges#college-${id}`;

function FollowUpRow({ followUp }: { followUp: FollowUp }) {
  const overdue = followUp.daysOverdue > 0;
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" component="article" aria-label={`Follow up with ${followUp.name}`}>
      <Anchor component={Link} to={collegeRowPath(followUp.collegeInterestId)} size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {followUp.name}
      </Anchor>
      <Text size="xs" c={overdue ? 'red.8' : undefined} fw={500} style={{ flexShrink: 0 }}>
        {overdue ? t.overdueBy(followUp.daysOverdue) : t.dueToday}
      </Text>
    </Group>
  );
}

/** The colleges to follow up with today, and those overdue, each linking to its row in the recruiting center. */
export function FollowUpsCard({ athleteId }: { athleteId: number }) {
  const followUps = useFollowUpsQuery(athleteId);
  const due = followUps.data?.due ?? [];
  return (
    <SectionCard title={t.dashboardTitle} icon={<IconBellRinging size={20} />}>
      {followUps.isLoading ? (
        <Skeleton h={48} radius="md" />
      ) : due.length === 0 ? (
        <EmptyNote icon={<IconCircleCheck size={22} />} title={t.dashboardNone} description={t.dashboardNoneHint} />
      ) : (
        <Stack gap="xs">
          {due.map((f) => (
            <FollowUpRow key={f.collegeInterestId} followUp={f} />
          ))}
          {followUps.data!.more > 0 && (
            <Text size="xs" c="dimmed">
              {t.andMore(followUps.data!.more)}
            </Text>
          )}
          <PanelLink to="/recruiting?tab=colleges">{t.openColleges}</PanelLink>
        </Stack>
      )}
    </SectionCard>
  );
}
