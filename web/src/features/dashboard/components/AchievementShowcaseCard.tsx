import { IconMedal, IconTrophy } from '@tabler/icons-react';
import { dashboardText as t } from '../strings';
import { EmptyNote } from '../../../components/EmptyNote';
import { SectionCard } from '../../../components/SectionCard';

export function AchievementShowcaseCard() {
  return (
    <SectionCard title={t.achievementsTitle} subtitle={t.achievementsSubtitle} icon={<IconTrophy size={20} />}>
      <EmptyNote icon={<IconMedal size={22} />} title={t.noAchievements} description={t.achievementsEmptyHint} />
    </SectionCard>
  );
}
