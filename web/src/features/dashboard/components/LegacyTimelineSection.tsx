import { Box, Skeleton } from '@mantine/core';
import { IconFlag, IconPlus, IconTimeline } from '@tabler/icons-react';
import { useCurrentAthlete } from '../../../lib/currentAthlete';
import { MilestoneTimeline, useMilestonesQuery } from '../../milestones';
import { dashboardText as t } from '../strings';
import { EmptyNote } from '../../../components/EmptyNote';
import { LinkButton } from './LinkButton';
import { PanelLink } from '../../../components/PanelLink';
import { SectionCard } from '../../../components/SectionCard';

/** How many milestones the dashboard shows, newest first; the rest are on /milestones. */
export const DASHBOARD_MILESTONES = 3;

/** The newest milestones; a reader who may not add any gets a link to view them instead of Add Milestone. */
export function LegacyTimelineSection({ readOnly = false }: { readOnly?: boolean }) {
  const current = useCurrentAthlete();
  // The newest few are on the list's first page.
  const query = useMilestonesQuery(current.athlete?.id);
  const list = query.items;
  return (
    <SectionCard
      title={t.timelineTitle}
      icon={<IconTimeline size={20} />}
      action={
        readOnly ? undefined : (
          <LinkButton to="/milestones" icon={<IconPlus size={14} />} hasProfile={current.isLoading || current.athlete !== null}>
            {t.addMilestone}
          </LinkButton>
        )
      }
    >
      {query.isLoading ? (
        <Skeleton h={80} radius="md" />
      ) : list.length > 0 ? (
        <>
          <MilestoneTimeline milestones={list.slice(0, DASHBOARD_MILESTONES)} compact />
          <Box mt="sm">
            <PanelLink to="/milestones">{t.viewMilestones}</PanelLink>
          </Box>
        </>
      ) : (
        <EmptyNote
          icon={<IconFlag size={22} />}
          title={t.noMilestones}
          description={readOnly ? undefined : t.timelineEmptyHint}
          action={readOnly ? <PanelLink to="/milestones">{t.viewMilestones}</PanelLink> : undefined}
        />
      )}
    </SectionCard>
  );
}
