import { useState } from 'react';
import { Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconMovie, IconPencil, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { SectionCard } from '../../../components/SectionCard';
import { ShowMore } from '../../../components/ShowMore';
import type { Athlete } from '../../../lib/currentAthlete';
import { isWorking } from '../../../lib/jobStatus';
import { PreviewDialog } from '../../media';
import { findingHighlights, type Reel } from '../api';
import { useDeleteReel, useReelList, useReelVideo } from '../queries';
import { reelListText as t, reelText } from '../strings';
import { ReelBuilder } from './dialogs';

const formatLabel = { landscape: reelText.landscapeLabel, vertical: reelText.verticalLabel } as const;

/**
 * The media page's "Reels and films": the athlete's reels, newest first, each with its render's progress,
 * its videos to open and, for those who edit the media, Edit and Delete. Nothing until there is one.
 */
export function ReelsSection({ athlete }: { athlete: Athlete }) {
  const list = useReelList(athlete.id);
  const remove = useDeleteReel(athlete.id);
  const [editing, setEditing] = useState<Reel | null>(null);
  const [previewId, setPreviewId] = useState<number | undefined>();
  const preview = useReelVideo(previewId);
  const canEdit = athlete.permissions.edit;
  if (list.items.length === 0) return null;
  const confirmDelete = (reel: Reel) => {
    if (window.confirm(t.confirmDelete(reel.title))) remove.mutate(reel);
  };
  return (
    <SectionCard title={t.heading} icon={<IconMovie size={20} aria-hidden />}>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {list.items.map((reel) => (
          <ReelRow
            key={reel.id}
            reel={reel}
            onOpen={setPreviewId}
            onEdit={canEdit ? () => setEditing(reel) : undefined}
            onDelete={canEdit ? () => confirmDelete(reel) : undefined}
          />
        ))}
      </Stack>
      <ShowMore list={list} />
      <PreviewDialog item={previewId !== undefined && preview.data ? preview.data : null} onClose={() => setPreviewId(undefined)} />
      {canEdit && <ReelBuilder athlete={editing ? athlete : null} reel={editing} onClose={() => setEditing(null)} />}
    </SectionCard>
  );
}

interface ReelRowProps {
  reel: Reel;
  onOpen: (mediaId: number) => void;
  onEdit?: () => void;
  onDelete?: () => void;
}

function ReelRow({ reel, onOpen, onEdit, onDelete }: ReelRowProps) {
  const working = isWorking(reel.status);
  return (
    // Unnamed: the library's list view names its rows by title, and a reel's videos have the reel's title.
    <Group component="li" justify="space-between" align="center" gap="xs" wrap="wrap" data-testid={`reel-${reel.id}`}>
      <Stack gap={4} miw={0} style={{ flex: '1 1 240px' }}>
        <Group gap="xs" wrap="nowrap" miw={0}>
          <Text fw={600} truncate>
            {reel.title}
          </Text>
          <Badge variant="light" color={reel.kind === 'film' ? 'grape' : 'navy'} style={{ flexShrink: 0 }}>
            {t.kind[reel.kind]}
          </Badge>
        </Group>
        {working ? (
          <Group gap="xs" wrap="nowrap">
            <Progress value={(reel.progress ?? 0) * 100} animated style={{ flex: 1 }} aria-label={t.rendering(reel.title)} />
            <Text size="xs" c="dimmed">
              {findingHighlights(reel) ? t.finding : reel.status === 'processing' ? reelText.percent(reel.progress ?? 0) : t.status.pending}
            </Text>
          </Group>
        ) : reel.status === 'failed' ? (
          <Text size="sm" c="red">
            {t.status.failed}
            {reel.statusReason && `: ${reel.statusReason}`}
          </Text>
        ) : null}
      </Stack>
      <Group gap="xs">
        {reel.status === 'ready' &&
          reel.outputs.map((output) => (
            <Button
              key={output.format}
              size="xs"
              variant="light"
              leftSection={<IconPlayerPlay size={14} aria-hidden />}
              aria-label={t.open(formatLabel[output.format], reel.title)}
              onClick={() => onOpen(output.mediaId)}
            >
              {formatLabel[output.format]}
            </Button>
          ))}
        {onEdit && (
          <Button size="xs" variant="default" leftSection={<IconPencil size={14} aria-hidden />} aria-label={t.editLabel(reel.title)} onClick={onEdit}>
            {t.edit}
          </Button>
        )}
        {onDelete && (
          <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden />} aria-label={t.deleteLabel(reel.title)} onClick={onDelete}>
            {t.delete}
          </Button>
        )}
      </Group>
    </Group>
  );
}
