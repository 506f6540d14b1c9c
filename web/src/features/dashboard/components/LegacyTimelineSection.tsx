import { IconFlag, IconPlus, IconTimeline } from '@tabler/icons-react';
import { dashboardText as t } from '../strings';
import { EmptyNote } from '../../../components/EmptyNote';
import { LinkButton } from './LinkButton';
import { PanelLink } from '../../../components/PanelLink';
import { SectionCard } from '../../../components/SectionCard';

/** Milestones; a reader who may not add any gets a link to view them instead of Add Milestone. */
export function LegacyTimelineSection({ readOnly = false }: { readOnly?: boolean }) {
  return (
    <SectionCard
      title={t.timelineTitle}
      icon={<IconTimeline size={20} />}
      action={readOnly ? undefined : <LinkButton to="/milestones" icon={<IconPlus size={14} />}>{t.addMilestone}</LinkButton>}
    >
      <EmptyNote
        icon={<IconFlag size={22} />}
        title={t.noMilestones}
        description={readOnly ? undefined : t.timelineEmptyHint}
        action={readOnly ? <PanelLink to="/milestones">{t.viewMilestones}</PanelLink> : undefined}
      />
    </SectionCard>
  );
}
