import { Stack } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import type { Stat } from '../api';
import { athleteCardText as t } from '../strings';
import { PanelHeader } from './PanelHeader';
import { PanelLink } from '../../../components/PanelLink';
import { StatList } from './StatList';

export function SeasonStatsPanel({ stats, loading = false, withLink = true }: { stats: Stat[]; loading?: boolean; withLink?: boolean }) {
  return (
    <Stack gap="sm" justify="space-between" h="100%">
      <Stack gap="sm">
        <PanelHeader icon={<IconChartBar size={18} />} title={t.seasonStats} />
        <StatList stats={stats} loading={loading} />
      </Stack>
      {withLink && <PanelLink to="/stats">{t.viewDetailedStats}</PanelLink>}
    </Stack>
  );
}
