import { Card, Group, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { dateLabel } from '../../../lib/format';
import type { ChecklistItem, CollegeInterest, KeyDate } from '../api';
import { recruitingText as t, TARGET_SCHOOLS } from '../strings';

/** How many deadlines the sidebar lists. */
const DEADLINES = 4;

interface Deadline {
  date: string;
  title: string;
}

/** Progress bars, deadlines and statistics, all computed from the checklist, the colleges and the key dates. */
export function RecruitingSidebar({
  checklist,
  colleges,
  keyDates,
  today,
}: {
  checklist: ChecklistItem[];
  colleges: CollegeInterest[];
  keyDates: KeyDate[];
  today: string;
}) {
  const done = checklist.filter((i) => i.done).length;
  const checklistPct = checklist.length ? Math.round((done / checklist.length) * 100) : 0;
  const schoolsPct = Math.min(100, Math.round((colleges.length / TARGET_SCHOOLS.min) * 100));
  const deadlines: Deadline[] = [
    ...checklist.filter((i) => !i.done && i.dueDate && i.dueDate >= today).map((i) => ({ date: i.dueDate!, title: i.title })),
    ...keyDates.filter((k) => !k.past).map((k) => ({ date: k.date, title: `${k.title} (${k.sportLabel}, ${k.division})` })),
  ]
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(0, DEADLINES);
  const contacted = colleges.filter((c) => c.status !== 'researching').length;
  const offers = colleges.filter((c) => c.status === 'offer' || c.status === 'committed').length;
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="lg" component="section" aria-label={t.progressTitle}>
        <Title order={3} fz="h5" mb="sm">
          {t.progressTitle}
        </Title>
        <Stack gap="sm">
          <div>
            <Group justify="space-between" mb={4}>
              <Text size="sm">{t.checklistProgress}</Text>
              <Text size="sm" fw={700}>
                {checklistPct}%
              </Text>
            </Group>
            <Progress value={checklistPct} color="green" aria-label={t.checklistProgress} />
          </div>
          <div>
            <Group justify="space-between" mb={4}>
              <Text size="sm">{t.schoolsProgress}</Text>
              <Text size="sm" fw={700}>
                {colleges.length}/{TARGET_SCHOOLS.min}
              </Text>
            </Group>
            <Progress value={schoolsPct} color="gold" aria-label={t.schoolsProgress} />
          </div>
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="lg" component="section" aria-label={t.deadlinesTitle}>
        <Title order={3} fz="h5" mb="sm">
          {t.deadlinesTitle}
        </Title>
        {deadlines.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.noDeadlines}
          </Text>
        ) : (
          <Stack gap="xs">
            {deadlines.map((d) => (
              <div key={d.date + d.title}>
                <Text size="xs" c="dimmed">
                  {dateLabel(d.date)}
                </Text>
                <Text size="sm">{d.title}</Text>
              </div>
            ))}
          </Stack>
        )}
      </Card>
      <Card withBorder radius="md" padding="lg" component="section" aria-label={t.statsTitle}>
        <Title order={3} fz="h5" mb="sm">
          {t.statsTitle}
        </Title>
        <SimpleGrid cols={2} spacing="sm">
          {[
            [t.statColleges, colleges.length],
            [t.statContacted, contacted],
            [t.statOffers, offers],
            [t.statStepsDone, `${done}/${checklist.length}`],
          ].map(([label, value]) => (
            <div key={label}>
              <Text fw={700} size="lg">
                {value}
              </Text>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      </Card>
    </Stack>
  );
}
