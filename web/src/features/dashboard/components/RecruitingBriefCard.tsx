import { useState } from 'react';
import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconMailForward } from '@tabler/icons-react';
import { dateLabel } from '../../../lib/format';
import { periodColors, recruitingText } from '../../recruiting';
import type { RecruitingBrief } from '../api';
import { useRecruitingBriefQuery } from '../queries';
import { briefText as t, dashboardText } from '../strings';
import { PanelLink } from '../../../components/PanelLink';
import { SectionCard } from '../../../components/SectionCard';

/** How many school lines show before Show more. */
export const BRIEF_SCHOOLS_SHOWN = 3;

function Part({ title, lines }: { title: string; lines: { key: string; text: string }[] }) {
  if (lines.length === 0) return null;
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Title order={3} fz="sm">
        {title}
      </Title>
      {lines.map((l) => (
        <Text key={l.key} size="sm">
          {l.text}
        </Text>
      ))}
    </Stack>
  );
}

function Schools({ brief }: { brief: RecruitingBrief }) {
  const [more, setMore] = useState(false);
  const rows = brief.schools.flatMap((s) => s.periods.map((p, i) => ({ key: `${s.collegeInterestId}-${i}`, ...p })));
  const shown = more ? rows : rows.slice(0, BRIEF_SCHOOLS_SHOWN);
  return (
    <Stack gap="sm" component="section" aria-label={t.schools}>
      <Title order={3} fz="sm">
        {t.schools} ({dateLabel(brief.today)})
      </Title>
      {shown.map((p) => (
        <Stack key={p.key} gap={2} align="flex-start" component="article">
          <Badge size="xs" variant="light" color={p.periodType ? periodColors[p.periodType] : 'gray'}>
            {p.periodType ? t.periods[p.periodType] : t.noPeriod}
          </Badge>
          <Text size="sm">
            {p.text}
            {p.sourceUrl && (
              <Anchor href={p.sourceUrl} target="_blank" rel="noreferrer" ml={4} aria-label={`${recruitingText.source}: ${p.text}`}>
                <IconExternalLink size={12} aria-hidden />
              </Anchor>
            )}
          </Text>
        </Stack>
      ))}
      {rows.length > BRIEF_SCHOOLS_SHOWN && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          fw={500}
          ta="left"
          onClick={() => setMore((m) => !m)}
          style={{ color: 'light-dark(var(--mantine-color-navy-7), var(--mantine-color-navy-2))' }}
        >
          {more ? recruitingText.showLess : recruitingText.showMore}
        </Anchor>
      )}
      {brief.moreSchools > 0 && (
        <Text size="sm" c="dimmed">
          {t.moreSchools(brief.moreSchools)}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The owner's weekly recruiting brief, as its Monday e-mail: each target school's NCAA period today, the
 * next 30 days' key dates and the coach links opened. The e-mail's follow-ups due are left to the
 * Follow-ups card beside it on the dashboard, which links each to its college. Shown only while the
 * family has colleges on its list.
 */
export function RecruitingBriefCard({ athleteId }: { athleteId: number }) {
  const brief = useRecruitingBriefQuery(athleteId).data;
  if (!brief || brief.schools.length === 0) return null;
  return (
    <SectionCard title={t.title} subtitle={t.subtitle} icon={<IconMailForward size={20} />}>
      <Stack gap="md">
        <Schools brief={brief} />
        <Part title={t.keyDates} lines={brief.keyDates.map((d, i) => ({ key: `${d.kind}-${i}`, text: d.text }))} />
        <Part title={t.openedLinks} lines={brief.openedLinks.map((l) => ({ key: String(l.id), text: l.text }))} />
        <Text size="xs" c="dimmed">
          {recruitingText.shortDisclaimer} {brief.emailed && t.emailed}
        </Text>
        <Group gap="md">
          <PanelLink to="/recruiting">{dashboardText.openRecruiting}</PanelLink>
          {!brief.emailed && <PanelLink to="/profile">{t.notEmailed}</PanelLink>}
        </Group>
      </Stack>
    </SectionCard>
  );
}
