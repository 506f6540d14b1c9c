import { Alert, Anchor, Box, Button, Divider, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconDownload, IconExternalLink, IconLoader, IconScissors, IconShare } from '@tabler/icons-react';
import { Dialog } from '../../../components/Dialog';
import { ItemResponses } from '../../responses';
import type { MediaItem } from '../api';
import { mediaDateLabel, sizeLabel } from '../mediaRules';
import { mediaTypeLabels, previewText as t } from '../strings';
import { MediaTypeIcon, mediaTypeColor } from './MediaTypeIcon';
import { isWorking } from '../../../lib/jobStatus';

interface PreviewDialogProps {
  item: MediaItem | null;
  onClose: () => void;
  /** Try again on a failed item; absent for those who may not edit. */
  onRetry?: (item: MediaItem) => void;
  /** Opens a video in the editor; absent for those who may not edit. A tap opens this preview, so
   * here is where a phone finds Edit Video without knowing about the long-press. */
  onEditVideo?: (item: MediaItem) => void;
  /** Opens the share dialog over the preview; absent for those who may not share (the server's edit permission).
   * Before, sharing hid in the tile's menu, a long press away on a phone (issue 33). */
  onShare?: (item: MediaItem) => void;
  retrying?: boolean;
}

/** Image, video, audio, PDF (with a download fallback), or a note with an open-in-new-tab link. */
export function PreviewDialog({ item, onClose, onRetry, retrying = false, onEditVideo, onShare }: PreviewDialogProps) {
  return (
    <Dialog
      opened={item !== null}
      onClose={onClose}
      title={item?.title}
      size="xl"
      radius="md"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)', lineHeight: 1.35, overflowWrap: 'anywhere' } }}
    >
      {item && (
        <Stack gap="md">
          {isWorking(item.status) && (
            <Alert variant="light" color="navy" icon={<IconLoader size={18} />}>
              {t.processing}
            </Alert>
          )}
          {item.status === 'failed' && (
            <Alert variant="light" color="red" icon={<IconAlertCircle size={18} />} title={t.failed}>
              <Stack gap="xs" align="flex-start">
                {item.statusReason && <Text size="sm">{item.statusReason}</Text>}
                {onRetry && (
                  <Button size="xs" variant="white" color="red" loading={retrying} onClick={() => onRetry(item)}>
                    {t.tryAgain}
                  </Button>
                )}
              </Stack>
            </Alert>
          )}
          <PreviewBody item={item} />
          {item.description && <Text size="sm">{item.description}</Text>}
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {[mediaTypeLabels[item.mediaType] ?? mediaTypeLabels.other, mediaDateLabel(item), item.place, sizeLabel(item.fileSize)]
                .filter(Boolean)
                .join(' · ')}
            </Text>
            <Group gap="sm">
              {onShare && (
                <Button variant="default" leftSection={<IconShare size={16} />} onClick={() => onShare(item)}>
                  {t.share}
                </Button>
              )}
              {onEditVideo && item.mediaType === 'video' && item.status === 'ready' && (
                <Button variant="default" leftSection={<IconScissors size={16} />} onClick={() => onEditVideo(item)}>
                  {t.editVideo}
                </Button>
              )}
              <Button component="a" href={item.downloadUrl} download variant="light" leftSection={<IconDownload size={16} />}>
                {t.download}
              </Button>
            </Group>
          </Group>
          {/* Everyone who may see the item responds to it, readers who may not edit it included. */}
          <Divider />
          <ItemResponses itemType="media" itemId={item.id} commentCount={item.commentCount} reactions={item.reactions} />
        </Stack>
      )}
    </Dialog>
  );
}

function PdfFallback({ item }: { item: MediaItem }) {
  return (
    <Stack align="center" gap="sm" py="xl">
      <ThemeIcon variant="light" color={mediaTypeColor.pdf} size={64} radius="xl">
        <MediaTypeIcon type="pdf" size={32} />
      </ThemeIcon>
      <Text ta="center">{t.pdfFallback}</Text>
      <Group gap="sm" justify="center">
        <Button component="a" href={item.downloadUrl} download leftSection={<IconDownload size={16} />}>
          {t.download}
        </Button>
        <Button
          component="a"
          href={item.mediaUrl}
          target="_blank"
          rel="noopener noreferrer"
          variant="default"
          leftSection={<IconExternalLink size={16} />}
        >
          {t.openInNewTab}
        </Button>
      </Group>
    </Stack>
  );
}

const frame = { width: '100%', maxHeight: '70vh', borderRadius: 'var(--mantine-radius-sm)', display: 'block' } as const;

function PreviewBody({ item }: { item: MediaItem }) {
  switch (item.mediaType) {
    case 'image':
      return <Box component="img" src={item.mediaUrl} alt={item.title} style={{ ...frame, objectFit: 'contain' }} />;
    case 'video':
      return (
        <video
          src={item.mediaUrl}
          poster={item.thumbnailUrl ?? undefined}
          controls
          playsInline
          preload="metadata"
          style={{ ...frame, background: 'black' }}
          aria-label={item.title}
        />
      );
    case 'audio':
      return (
        <Stack align="center" gap="md" py="md">
          <ThemeIcon variant="light" color={mediaTypeColor.audio} size={72} radius="xl">
            <MediaTypeIcon type="audio" size={36} />
          </ThemeIcon>
          <audio src={item.mediaUrl} controls preload="metadata" style={{ width: '100%' }} aria-label={item.title} />
        </Stack>
      );
    case 'pdf':
      // Browsers that say they cannot show PDFs inline (Chrome on Android) get the fallback at once;
      // the others embed it, with the same fallback inside for when the embed fails.
      return navigator.pdfViewerEnabled === false ? (
        <PdfFallback item={item} />
      ) : (
        <object data={item.mediaUrl} type="application/pdf" aria-label={item.title} style={{ ...frame, height: '70vh' }}>
          <PdfFallback item={item} />
        </object>
      );
    default:
      return (
        <Stack align="center" gap="sm" py="xl">
          <ThemeIcon variant="light" color={mediaTypeColor.other} size={64} radius="xl">
            <MediaTypeIcon type="other" size={32} />
          </ThemeIcon>
          <Text fw={500}>{t.notAvailable}</Text>
          <Anchor href={item.mediaUrl} target="_blank" rel="noopener noreferrer">
            <Group gap={4} wrap="nowrap">
              {t.openInNewTab}
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        </Stack>
      );
  }
}
