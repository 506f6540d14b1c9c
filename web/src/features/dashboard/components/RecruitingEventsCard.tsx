import { IconCalendarEvent, IconSchool } from '@tabler/icons-react';
import { dashboardText as t } from '../strings';
import { EmptyNote } from '../../../components/EmptyNote';
import { PanelLink } from '../../../components/PanelLink';
import { SectionCard } from '../../../components/SectionCard';

export function RecruitingEventsCard() {
  return (
    <SectionCard title={t.recruitingEventsTitle} icon={<IconSchool size={20} />}>
      <EmptyNote
        icon={<IconCalendarEvent size={22} />}
        title={t.noRecruitingEvents}
        description={t.recruitingEventsHint}
        action={<PanelLink to="/recruiting">{t.openRecruiting}</PanelLink>}
      />
    </SectionCard>
  );
}
