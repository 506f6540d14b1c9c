import { Stack } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useStatsQuery, athleteCardText, StatList } from '../../athletes';
import { dashboardText as t } from '../strings';
import { PanelLink } from '../../../components/PanelLink';
import { SectionCard } from '../../../components/SectionCard';

/** Side-column stats; shown only when a profile exists. Shares the stats query with the athlete card. */
export function SportsStatsCard({ athleteId }: { athleteId: number }) {
  const stats = useStatsQuery(athleteId);
  return (
    <SectionCard title={t.sportsStatsTitle} icon={<IconChartBar size={20} />}>
      <Stack gap="md">
        <StatList stats={stats.data ?? []} loading={stats.isLoading} />
        <PanelLink to="/stats">{athleteCardText.viewDetailedStats}</PanelLink>
      </Stack>
    </SectionCard>
  );
}
