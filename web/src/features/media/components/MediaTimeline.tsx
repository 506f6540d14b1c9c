import { useState } from 'react';
import { Badge, Button, Group, Select, Stack, Title } from '@mantine/core';
import { IconCalendarEvent, IconChecks } from '@tabler/icons-react';
import type { MediaSummary } from '../api';
import { monthCount, monthLabel, type MediaFilters } from '../mediaRules';
import { summaryText as t } from '../strings';
import { MediaGrid, type MediaCollectionProps } from './MediaGrid';

interface MediaTimelineProps extends MediaCollectionProps {
  summary: MediaSummary | undefined;
  filters: MediaFilters;
  /** Loads the list's pages until `month` is on the page (whole: all of it); answers when done. */
  loadThrough: (month: string, whole: boolean) => Promise<unknown>;
  /** "Select all in April 2025"; absent for those who may not change the library. */
  onSelectMonth?: (month: string) => void;
  /** The month being selected, while its pages load. */
  selectingMonth: string | null;
}

/**
 * Timeline: the grid one month after another, each month headed with its count from the summary (so a
 * month reads "312" before its 312 items are loaded), a jump to any month, and selecting a whole month.
 */
export function MediaTimeline({ summary, filters, loadThrough, onSelectMonth, selectingMonth, ...grid }: MediaTimelineProps) {
  const [jumping, setJumping] = useState<string | null>(null);
  const [scrollTo, setScrollTo] = useState<string | null>(null);
  // Under a filter the summary counts by type; months without a match are not offered.
  const months = (summary?.months ?? []).filter((m) => monthCount(summary, m.month, filters) !== 0);

  const jump = async (month: string | null) => {
    if (!month) return;
    setJumping(month);
    try {
      await loadThrough(month, false);
      setScrollTo(month);
    } finally {
      setJumping(null);
    }
  };

  const heading = (month: string) => {
    const label = monthLabel(month);
    const count = monthCount(summary, month, filters);
    return (
      <Group gap="xs" justify="space-between" wrap="wrap" pt="xs" pb="sm" data-testid={`month-${month}`}>
        <Group gap="xs">
          <Title order={2} fz="h4">
            {label}
          </Title>
          {count !== null && (
            <Badge variant="light" color="gray" size="sm" data-testid="month-count">
              {t.monthCount(count)}
            </Badge>
          )}
        </Group>
        {onSelectMonth && grid.selectable && (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconChecks size={14} />}
            loading={selectingMonth === month}
            disabled={selectingMonth !== null}
            onClick={() => onSelectMonth(month)}
          >
            {t.selectMonth(label)}
          </Button>
        )}
      </Group>
    );
  };

  return (
    <Stack gap="sm">
      {months.length > 1 && (
        <Select
          aria-label={t.monthJump}
          placeholder={t.monthJump}
          leftSection={<IconCalendarEvent size={16} aria-hidden />}
          data={months.map((m) => ({ value: m.month, label: t.monthOption(monthLabel(m.month), monthCount(summary, m.month, filters) ?? m.total) }))}
          value={null}
          onChange={(month) => void jump(month)}
          disabled={jumping !== null}
          searchable
          maw={{ base: '100%', xs: 280 }}
        />
      )}
      <MediaGrid {...grid} heading={heading} scrollTo={scrollTo ? { month: scrollTo, onShown: () => setScrollTo(null) } : null} />
    </Stack>
  );
}
