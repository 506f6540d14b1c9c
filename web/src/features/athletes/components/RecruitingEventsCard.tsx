import { IconCalendarEvent, IconSchool } from '@tabler/icons-react';
import { dashboardText as t } from '../strings';
import { EmptyNote } from './EmptyNote';
import { PanelLink } from './PanelLink';
import { SectionCard } from './SectionCard';

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
