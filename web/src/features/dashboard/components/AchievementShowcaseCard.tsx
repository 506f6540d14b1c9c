import { Card, Stack } from '@mantine/core';
import { PanelLink } from '../../../components/PanelLink';
import { AchievementShowcase, achievementText } from '../../showcase';

/** The dashboard's side column: the newest achievements, with the whole showcase a click away. */
export function AchievementShowcaseCard({ athleteId, canEdit }: { athleteId: number; canEdit: boolean }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <AchievementShowcase athleteId={athleteId} canEdit={canEdit} limit={3} />
        <PanelLink to="/showcase">{achievementText.viewAll}</PanelLink>
      </Stack>
    </Card>
  );
}
