import { Badge, Box, Button, Card, Checkbox, Group, Loader, Paper, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconEye, IconTrash } from '@tabler/icons-react';
import type { MediaItem } from '../api';
import { mediaDateLabel, PAGE_BACKGROUND, pictureFit, sizeLabel, tileImageUrl } from '../mediaRules';
import { listText as t, mediaText, mediaTypeLabels, tileText } from '../strings';
import type { MediaCollectionProps } from './MediaGrid';
import { MediaTypeIcon, mediaTypeColor } from './MediaTypeIcon';
import { useConfirmDelete } from './useConfirmDelete';
import { isWorking } from '../../../lib/jobStatus';
import { usePhoneLayout } from '../../../lib/usePhoneLayout';

interface MediaListViewProps extends MediaCollectionProps {
  onSelectAll: (selectAll: boolean) => void;
}

/**
 * List: Media, Type, Date, Size, Actions (View/Delete). On a phone each row is a card with those
 * stacked, so nothing hides behind a sideways scroll. Read-only: no selection, View only.
 */
export function MediaListView({ items, actions, selected, selectable, onToggleSelect, onSelectAll }: MediaListViewProps) {
  const { confirmDelete } = useConfirmDelete();
  const phone = usePhoneLayout();
  const readOnly = !!actions.readOnly;
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));
  const someSelected = items.some((item) => selected.has(item.id));
  const rowActions = (item: MediaItem) => (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" leftSection={<IconEye size={14} />} onClick={() => actions.onView(item)}>
        {t.view}
      </Button>
      {!readOnly && (
        <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => confirmDelete(item)}>
          {t.delete}
        </Button>
      )}
    </Group>
  );
  if (phone) {
    return (
      <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t.listLabel}>
        {items.map((item) => (
          <Paper
            key={item.id}
            component="li"
            withBorder
            radius="md"
            p="sm"
            aria-label={item.title}
            aria-selected={selected.has(item.id)}
            bg={selected.has(item.id) ? 'var(--mantine-primary-color-light)' : undefined}
            onClick={selectable ? () => onToggleSelect(item) : undefined}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              {!readOnly && (
                <Checkbox
                  mt={14}
                  aria-label={t.selectItem(item.title)}
                  checked={selected.has(item.id)}
                  onChange={() => onToggleSelect(item)}
                  onClick={(e) => e.stopPropagation()}
                />
              )}
              <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
                <MediaCell item={item} />
                <Text size="xs" c="dimmed">
                  {[mediaTypeLabels[item.mediaType] ?? mediaTypeLabels.other, mediaDateLabel(item), sizeLabel(item.fileSize)].join(' · ')}
                </Text>
                <Box onClick={(e) => e.stopPropagation()}>{rowActions(item)}</Box>
              </Stack>
            </Group>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Card withBorder radius="md" padding={0}>
      <Table.ScrollContainer minWidth={640} type="native" data-no-swipe>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              {!readOnly && (
                <Table.Th w={44}>
                  <Checkbox
                    aria-label={mediaText.selectAll}
                    checked={allSelected}
                    indeterminate={someSelected && !allSelected}
                    onChange={() => onSelectAll(!allSelected)}
                  />
                </Table.Th>
              )}
              <Table.Th>{t.columnMedia}</Table.Th>
              <Table.Th>{t.columnType}</Table.Th>
              <Table.Th>{t.columnDate}</Table.Th>
              <Table.Th>{t.columnSize}</Table.Th>
              <Table.Th>{t.columnActions}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((item) => (
              <Table.Tr
                key={item.id}
                aria-selected={selected.has(item.id)}
                bg={selected.has(item.id) ? 'var(--mantine-primary-color-light)' : undefined}
                onClick={selectable ? () => onToggleSelect(item) : undefined}
                style={selectable ? { cursor: 'pointer' } : undefined}
              >
                {!readOnly && (
                  <Table.Td onClick={(e) => e.stopPropagation()}>
                    <Checkbox
                      aria-label={t.selectItem(item.title)}
                      checked={selected.has(item.id)}
                      onChange={() => onToggleSelect(item)}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <MediaCell item={item} />
                </Table.Td>
                <Table.Td>{mediaTypeLabels[item.mediaType] ?? mediaTypeLabels.other}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{mediaDateLabel(item)}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{sizeLabel(item.fileSize)}</Table.Td>
                <Table.Td onClick={(e) => e.stopPropagation()}>{rowActions(item)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function MediaCell({ item }: { item: MediaItem }) {
  const src = tileImageUrl(item);
  return (
    <Group gap="sm" wrap="nowrap" miw={200}>
      {src ? (
        <Box
          component="img"
          src={src}
          alt=""
          w={48}
          h={48}
          style={{
            objectFit: pictureFit(item).objectFit,
            background: pictureFit(item).page ? PAGE_BACKGROUND : undefined,
            borderRadius: 'var(--mantine-radius-sm)',
            flexShrink: 0,
          }}
        />
      ) : (
        <ThemeIcon variant="light" color={mediaTypeColor[item.mediaType]} size={48} radius="sm">
          <MediaTypeIcon type={item.mediaType} size={22} />
        </ThemeIcon>
      )}
      <Box miw={0}>
        <Text size="sm" fw={600} lineClamp={2}>
          {item.title}
        </Text>
        {isWorking(item.status) && (
          <Group gap={6} wrap="nowrap" role="status">
            <Loader size={12} />
            <Text size="xs" c="dimmed">
              {tileText.processing}
            </Text>
          </Group>
        )}
        {item.status === 'failed' && (
          <Badge color="red" variant="filled" size="sm" radius="sm" tt="none" maw={260}>
            {item.statusReason || tileText.failed}
          </Badge>
        )}
      </Box>
    </Group>
  );
}
