import { Stack } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { athleteCardText } from '../../athletes';
import { LatestGames } from '../../stats';
import { dashboardText as t } from '../strings';
import { PanelLink } from '../../../components/PanelLink';
import { SectionCard } from '../../../components/SectionCard';

/**
 * Side-column stats, shown only when a profile exists: the newest games, where the athlete card
 * above already gives the season's numbers (the two used to show the same list).
 */
export function SportsStatsCard({ athleteId }: { athleteId: number }) {
  return (
    <SectionCard title={t.sportsStatsTitle} icon={<IconChartBar size={20} />}>
      <Stack gap="md">
        <LatestGames athleteId={athleteId} />
        <PanelLink to="/stats">{athleteCardText.viewDetailedStats}</PanelLink>
      </Stack>
    </SectionCard>
  );
}
