import { ActionIcon, Anchor, Badge, Group, Menu, Stack, Text, Timeline } from '@mantine/core';
import { IconDots, IconFlag, IconPencil, IconSchool, IconTrash, IconTrophy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { dateLabel } from '../../../lib/format';
import { ItemResponses } from '../../responses';
import type { Milestone } from '../api';
import { milestoneText as t, milestoneTypeColors, milestoneTypeLabels } from '../strings';

const typeIcons = { achievement: IconTrophy, recruiting: IconSchool, other: IconFlag } as const;

interface MilestoneTimelineProps {
  milestones: Milestone[];
  /** Without these the timeline is read-only. */
  onEdit?: (m: Milestone) => void;
  onDelete?: (m: Milestone) => void;
  /** The dashboard's compact form: no links to the journal and media of the day. */
  compact?: boolean;
  /**
   * The family's reactions and comments under each milestone, for everyone who may see it (editing or
   * not); off only where no one is signed in to respond (the demo).
   */
  withResponses?: boolean;
}

/** Milestones newest first (as the server sends them), a dot coloured by type, a type badge and the description. */
export function MilestoneTimeline({ milestones, onEdit, onDelete, compact = false, withResponses = true }: MilestoneTimelineProps) {
  return (
    // Every item is "active", so each dot takes its type's colour (Mantine colours active items only).
    <Timeline bulletSize={22} lineWidth={2} active={milestones.length - 1} color="gray" aria-label={t.pageTitle}>
      {milestones.map((m) => {
        const Icon = typeIcons[m.type];
        return (
        <Timeline.Item
          key={m.id}
          color={milestoneTypeColors[m.type]}
          bullet={<Icon size={12} aria-hidden data-type={m.type} />}
          title={
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={600} component="h3" fz="md" m={0} style={{ overflowWrap: 'anywhere' }}>
                {m.title}
              </Text>
              {onEdit && onDelete && (
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${m.title}`}>
                      <IconDots size={16} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item leftSection={<IconPencil size={14} />} onClick={() => onEdit(m)}>
                      {t.edit}
                    </Menu.Item>
                    <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => onDelete(m)}>
                      {t.delete}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              )}
            </Group>
          }
        >
          <Stack gap={4} component="article" aria-label={m.title}>
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {dateLabel(m.date)}
              </Text>
              <Badge size="sm" variant="light" color={milestoneTypeColors[m.type]}>
                {milestoneTypeLabels[m.type]}
              </Badge>
            </Group>
            {m.description && (
              <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                {m.description}
              </Text>
            )}
            {!compact && (
              <Group gap="md">
                <Anchor component={Link} to={`/journal?date=${m.date}`} size="sm">
                  {t.viewJournal}
                </Anchor>
                <Anchor component={Link} to={`/media?date=${m.date}`} size="sm">
                  {t.viewMedia}
                </Anchor>
              </Group>
            )}
            {withResponses && <ItemResponses itemType="milestones" itemId={m.id} commentCount={m.commentCount} reactions={m.reactions} compact />}
          </Stack>
        </Timeline.Item>
        );
      })}
    </Timeline>
  );
}
