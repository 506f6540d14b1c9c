import { Box, Button, Chip, Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import { IconCalendarEvent, IconFilter, IconLayoutGrid, IconList, IconSearch, IconSelect, IconStarFilled } from '@tabler/icons-react';
import { MEDIA_VIEWS, TYPE_FILTERS, type MediaFilters, type MediaView, type TypeFilter } from '../mediaRules';
import { mediaText as t, typeFilterLabels } from '../strings';

interface MediaToolbarProps {
  filters: MediaFilters;
  onFiltersChange: (filters: MediaFilters) => void;
  view: MediaView;
  onViewChange: (view: MediaView) => void;
  selectable: boolean;
  /** Without it there is no Select button: a read-only library has nothing to do with a selection. */
  onSelectableChange?: (selectable: boolean) => void;
}

const viewIcons = { grid: IconLayoutGrid, list: IconList, timeline: IconCalendarEvent } as const;
const viewLabels = { grid: t.viewGrid, list: t.viewList, timeline: t.viewTimeline } as const;

/** Search, type, Favorites Only; the view; selectable mode. */
export function MediaToolbar({ filters, onFiltersChange, view, onViewChange, selectable, onSelectableChange }: MediaToolbarProps) {
  const set = (patch: Partial<MediaFilters>) => onFiltersChange({ ...filters, ...patch });
  return (
    <Group gap="sm" wrap="wrap" align="center">
      <TextInput
        aria-label={t.searchLabel}
        placeholder={t.searchPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filters.search}
        onChange={(e) => set({ search: e.currentTarget.value })}
        type="search"
        style={{ flex: '1 1 260px' }}
      />
      <Select
        aria-label={t.typeLabel}
        data={TYPE_FILTERS.map((value) => ({ value, label: typeFilterLabels[value] }))}
        value={filters.type}
        onChange={(value) => set({ type: (value as TypeFilter | null) ?? 'all' })}
        allowDeselect={false}
        leftSection={<IconFilter size={16} aria-hidden />}
        style={{ flex: '1 0 130px', maxWidth: 190 }}
      />
      <Chip
        checked={filters.favoritesOnly}
        onChange={(favoritesOnly) => set({ favoritesOnly })}
        icon={<IconStarFilled size={12} />}
        color="gold"
        variant="outline"
        size="sm"
      >
        {t.favoritesOnly}
      </Chip>
      <Group gap="sm" wrap="nowrap" justify="space-between" ml="auto" w={{ base: '100%', xs: 'auto' }}>
        <SegmentedControl
          aria-label={t.viewLabel}
          value={view}
          onChange={(value) => onViewChange(value as MediaView)}
          data={MEDIA_VIEWS.map((value) => {
            const Icon = viewIcons[value];
            return {
              value,
              label: (
                <Group gap={6} wrap="nowrap" justify="center">
                  <Box component="span" visibleFrom="sm" lh={0}>
                    <Icon size={16} aria-hidden />
                  </Box>
                  <span>{viewLabels[value]}</span>
                </Group>
              ),
            };
          })}
        />
        {onSelectableChange && (
          <Button
            variant={selectable ? 'filled' : 'default'}
            leftSection={<IconSelect size={16} />}
            aria-pressed={selectable}
            onClick={() => onSelectableChange(!selectable)}
          >
            {selectable ? t.doneSelecting : t.select}
          </Button>
        )}
      </Group>
    </Group>
  );
}
