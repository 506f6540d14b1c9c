import { IconFlag, IconPlus, IconTimeline } from '@tabler/icons-react';
import { dashboardText as t } from '../strings';
import { EmptyNote } from './EmptyNote';
import { LinkButton } from './LinkButton';
import { SectionCard } from './SectionCard';

export function LegacyTimelineSection() {
  return (
    <SectionCard
      title={t.timelineTitle}
      icon={<IconTimeline size={20} />}
      action={<LinkButton to="/milestones" icon={<IconPlus size={14} />}>{t.addMilestone}</LinkButton>}
    >
      <EmptyNote icon={<IconFlag size={22} />} title={t.noMilestones} description={t.timelineEmptyHint} />
    </SectionCard>
  );
}
