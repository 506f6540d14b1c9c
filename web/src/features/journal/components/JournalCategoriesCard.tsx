import { Badge, Group, Text } from '@mantine/core';
import { IconTags } from '@tabler/icons-react';
import { SectionCard } from '../../../components/SectionCard';
import type { JournalCategory } from '../api';
import { categoryColor } from '../entryRules';
import { journalText as t } from '../strings';

/** How many of the most used tags the side panel lists. */
const CATEGORIES_SHOWN = 12;

interface JournalCategoriesCardProps {
  categories: JournalCategory[];
  /** The tag the list is filtered by, if any. */
  selected: string;
  /** Clicking a tag filters by it; clicking the selected one clears the filter. */
  onSelect: (tag: string) => void;
  /** For family members who may only look: no invitation to add tags. */
  readOnly?: boolean;
}

export function JournalCategoriesCard({ categories, selected, onSelect, readOnly = false }: JournalCategoriesCardProps) {
  return (
    <SectionCard title={t.categoriesTitle} icon={<IconTags size={20} />}>
      {categories.length === 0 ? (
        <Text size="sm" c="dimmed">
          {readOnly ? t.noCategoriesShared : t.noCategories}
        </Text>
      ) : (
        <Group gap={8}>
          {categories.slice(0, CATEGORIES_SHOWN).map(({ tag, count }) => {
            const active = tag.toLowerCase() === selected.toLowerCase();
            return (
              <Badge
                key={tag}
                component="button"
                type="button"
                size="lg"
                radius="xl"
                tt="none"
                fw={500}
                variant={active ? 'filled' : 'light'}
                color={categoryColor(tag)}
                aria-pressed={active}
                style={{ cursor: 'pointer' }}
                onClick={() => onSelect(tag)}
                rightSection={
                  <Text component="span" size="xs" fw={700} opacity={0.75}>
                    {count}
                  </Text>
                }
              >
                {tag}
              </Badge>
            );
          })}
        </Group>
      )}
    </SectionCard>
  );
}
