import { IconUserPlus, IconUsers } from '@tabler/icons-react';
import { dashboardText as t } from '../strings';
import { EmptyNote } from './EmptyNote';
import { PanelLink } from './PanelLink';
import { SectionCard } from './SectionCard';

/** The family circle; no members can exist until the feature is built. */
export function InTheLoopCard() {
  return (
    <SectionCard title={t.loopTitle} icon={<IconUsers size={20} />}>
      <EmptyNote
        icon={<IconUserPlus size={22} />}
        title={t.noFamily}
        description={t.loopEmptyHint}
        action={<PanelLink to="/family">{t.addToLoop}</PanelLink>}
      />
    </SectionCard>
  );
}
