import { Badge, Box, Button, Card, Checkbox, Group, Loader, Paper, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconEye, IconTrash } from '@tabler/icons-react';
import type { MediaItem } from '../api';
import { mediaDateLabel, PAGE_BACKGROUND, pictureFit, sizeLabel, tileImageUrl } from '../mediaRules';
import { listText as t, mediaText, mediaTypeLabels, tileText } from '../strings';
import type { MediaCollectionProps } from './MediaGrid';
import { MediaTypeIcon, mediaTypeColor } from './MediaTypeIcon';
import { useConfirmDelete } from './useConfirmDelete';
import { useWindowRows } from './useWindowRows';
import { isWorking } from '../../../lib/jobStatus';
import { usePhoneLayout } from '../../../lib/usePhoneLayout';

interface MediaListViewProps extends MediaCollectionProps {
  onSelectAll: (selectAll: boolean) => void;
}

/** A row's height before it is measured: the 48 px picture and its padding; on a phone, a card and its gap. */
const ROW_ESTIMATE_PX = 73;
const CARD_ESTIMATE_PX = 132;
const CARD_GAP_PX = 10;

/**
 * List: Media, Type, Date, Size, Actions (View/Delete). On a phone each row is a card with those
 * stacked, so nothing hides behind a sideways scroll. Read-only: no selection, View only. Virtualised
 * against the window like the grid: only the rows on the screen are in the DOM.
 */
export function MediaListView(props: MediaListViewProps) {
  return usePhoneLayout() ? <PhoneList {...props} /> : <TableList {...props} />;
}

/** View and Delete; `confirmDelete` is the list's one (a delete mutation per row would be a cache subscription per row). */
function RowActions({ item, actions, confirmDelete }: { item: MediaItem; confirmDelete: (item: MediaItem) => void } & Pick<MediaCollectionProps, 'actions'>) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="xs" variant="light" leftSection={<IconEye size={14} />} onClick={() => actions.onView(item)}>
        {t.view}
      </Button>
      {!actions.readOnly && (
        <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => confirmDelete(item)}>
          {t.delete}
        </Button>
      )}
    </Group>
  );
}

function PhoneList({ items, actions, selected, selectable, onToggleSelect, onNearEnd }: MediaListViewProps) {
  const readOnly = !!actions.readOnly;
  const { confirmDelete } = useConfirmDelete();
  const { ref, virtualizer, rows, margin } = useWindowRows<HTMLUListElement>({
    count: items.length,
    estimateSize: () => CARD_ESTIMATE_PX + CARD_GAP_PX,
    getItemKey: (i) => items[i]?.id ?? i,
    onNearEnd,
  });
  return (
    <Box
      ref={ref}
      component="ul"
      m={0}
      p={0}
      style={{ listStyle: 'none', position: 'relative', height: virtualizer.getTotalSize() }}
      aria-label={t.listLabel}
    >
      {rows.map((v) => {
        const item = items[v.index]!;
        return (
          <li
            key={v.key}
            data-index={v.index}
            ref={virtualizer.measureElement}
            aria-label={item.title}
            aria-selected={selected.has(item.id)}
            // The gap is padding inside the measured row, so the virtualizer counts it.
            style={{ position: 'absolute', top: 0, left: 0, width: '100%', paddingBottom: CARD_GAP_PX, transform: `translateY(${v.start - margin}px)` }}
          >
            <Paper
              withBorder
              radius="md"
              p="sm"
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
                  <Box onClick={(e) => e.stopPropagation()}>
                    <RowActions item={item} actions={actions} confirmDelete={confirmDelete} />
                  </Box>
                </Stack>
              </Group>
            </Paper>
          </li>
        );
      })}
    </Box>
  );
}

function TableList({ items, actions, selected, selectable, onToggleSelect, onSelectAll, onNearEnd }: MediaListViewProps) {
  const readOnly = !!actions.readOnly;
  const { confirmDelete } = useConfirmDelete();
  const { ref, virtualizer, rows, margin } = useWindowRows<HTMLTableSectionElement>({
    count: items.length,
    estimateSize: () => ROW_ESTIMATE_PX,
    getItemKey: (i) => items[i]?.id ?? i,
    onNearEnd,
  });
  const allSelected = items.length > 0 && items.every((item) => selected.has(item.id));
  const someSelected = items.some((item) => selected.has(item.id));
  const columns = readOnly ? 5 : 6;
  // The rows off the screen are two spacer rows, above and below, as tall as the rows they stand for.
  const above = rows.length > 0 ? rows[0]!.start - margin : 0;
  const below = rows.length > 0 ? virtualizer.getTotalSize() - (rows[rows.length - 1]!.end - margin) : 0;
  const spacer = (height: number) =>
    height > 0 && (
      <tr aria-hidden>
        <td colSpan={columns} style={{ height, padding: 0, border: 0 }} />
      </tr>
    );
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
          <Table.Tbody ref={ref}>
            {spacer(above)}
            {rows.map((v) => {
              const item = items[v.index]!;
              return (
                <Table.Tr
                  key={v.key}
                  data-index={v.index}
                  ref={virtualizer.measureElement}
                  aria-selected={selected.has(item.id)}
                  bg={selected.has(item.id) ? 'var(--mantine-primary-color-light)' : undefined}
                  onClick={selectable ? () => onToggleSelect(item) : undefined}
                  style={selectable ? { cursor: 'pointer' } : undefined}
                >
                  {!readOnly && (
                    <Table.Td onClick={(e) => e.stopPropagation()}>
                      <Checkbox aria-label={t.selectItem(item.title)} checked={selected.has(item.id)} onChange={() => onToggleSelect(item)} />
                    </Table.Td>
                  )}
                  <Table.Td>
                    <MediaCell item={item} />
                  </Table.Td>
                  <Table.Td>{mediaTypeLabels[item.mediaType] ?? mediaTypeLabels.other}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{mediaDateLabel(item)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{sizeLabel(item.fileSize)}</Table.Td>
                  <Table.Td onClick={(e) => e.stopPropagation()}>
                    <RowActions item={item} actions={actions} confirmDelete={confirmDelete} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
            {spacer(below)}
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
        <img
          src={src}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          decoding="async"
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
