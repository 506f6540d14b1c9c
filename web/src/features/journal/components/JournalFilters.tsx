import { Chip, Group, Select, TextInput } from '@mantine/core';
import { IconSearch, IconStarFilled } from '@tabler/icons-react';
import type { JournalCategory } from '../api';
import { journalText as t } from '../strings';

/** The category select's value for "no filter" (a dropdown value may not be the empty string). */
export const ALL_CATEGORIES = 'all';

interface JournalFiltersProps {
  search: string;
  onSearchChange: (value: string) => void;
  category: string;
  onCategoryChange: (value: string) => void;
  categories: JournalCategory[];
  favoritesOnly: boolean;
  onFavoritesOnlyChange: (value: boolean) => void;
}

export function JournalFilters({
  search,
  onSearchChange,
  category,
  onCategoryChange,
  categories,
  favoritesOnly,
  onFavoritesOnlyChange,
}: JournalFiltersProps) {
  const tags = categories.map((c) => c.tag);
  // A tag picked from a card may not be among the stats' categories yet; keep it selectable.
  if (category !== ALL_CATEGORIES && !tags.some((tag) => tag.toLowerCase() === category.toLowerCase())) tags.push(category);
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <TextInput
        aria-label={t.searchLabel}
        placeholder={t.searchPlaceholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => onSearchChange(e.currentTarget.value)}
        style={{ flex: '1 1 240px' }}
      />
      <Select
        aria-label={t.categoryLabel}
        data={[{ value: ALL_CATEGORIES, label: t.allCategories }, ...tags.map((tag) => ({ value: tag, label: tag }))]}
        value={category}
        onChange={(value) => onCategoryChange(value ?? ALL_CATEGORIES)}
        allowDeselect={false}
        style={{ flex: '0 1 220px' }}
        miw={180}
      />
      {/* The favourite's toast says the star finds it again: this is where (issue 33). */}
      <Chip
        checked={favoritesOnly}
        onChange={onFavoritesOnlyChange}
        icon={<IconStarFilled size={12} />}
        color="gold"
        variant="outline"
        size="sm"
        style={{ alignSelf: 'center' }}
      >
        {t.favoritesOnly}
      </Chip>
    </Group>
  );
}
