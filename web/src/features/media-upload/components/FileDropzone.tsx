import { useState } from 'react';
import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconCloudUpload, IconUpload, IconX } from '@tabler/icons-react';
import { useMediaUsage } from '../../media';
import { uploadText as t } from '../strings';
import { ACCEPTED_TYPES, DEFAULT_MAX_FILE_MB, formatSize, wholeMb } from '../uploadRules';
import { UsageNote } from './UsageNote';

interface FileDropzoneProps {
  athleteId: number;
  onFiles: (files: File[]) => void;
  disabled?: boolean;
  /** "Please select a file to upload", when the form was sent without one. */
  error?: string;
}

/** Drag and drop or click to choose: images, video, audio and PDF, several at once. */
export function FileDropzone({ athleteId, onFiles, disabled, error }: FileDropzoneProps) {
  const usage = useMediaUsage(athleteId).data;
  const maxMb = usage ? wholeMb(usage.maxFileBytes) : DEFAULT_MAX_FILE_MB;
  // Files the picker turned away, with the server's own wording, so nothing is sent only to be refused.
  const [rejected, setRejected] = useState<string[]>([]);

  const reasonFor = (rejection: FileRejection) =>
    rejection.errors.some((e) => e.code === 'file-too-large')
      ? usage?.fileTooLargeMessage
        ? t.tooLargeForPlan(formatSize(rejection.file.size), usage.fileTooLargeMessage)
        : t.fileTooLarge(maxMb)
      : t.unsupportedType;

  return (
    <Stack gap={6}>
      <Dropzone
        // One callback for both outcomes of a pick: onDrop alone would run after onReject and could not
        // tell whether this pick had rejections to keep on screen.
        onDropAny={(files, rejections) => {
          setRejected(rejections.map((r) => t.rejected(r.file.name, reasonFor(r))));
          if (files.length > 0) onFiles(files);
        }}
        onDrop={() => {}}
        accept={ACCEPTED_TYPES}
        maxSize={usage?.maxFileBytes ?? Infinity}
        multiple
        disabled={disabled}
        radius="md"
        inputProps={{ 'aria-label': t.chooseFiles }}
        aria-invalid={!!error}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <Group justify="center" gap="md" mih={120} wrap="nowrap">
          <ThemeIcon variant="light" size={48} radius="xl">
            <Dropzone.Accept>
              <IconUpload size={26} aria-hidden />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={26} aria-hidden />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconCloudUpload size={26} aria-hidden />
            </Dropzone.Idle>
          </ThemeIcon>
          <Stack gap={2}>
            <Text fw={600}>{t.dropTitle}</Text>
            <Text size="sm" c="dimmed">
              {t.dropHint}
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      <UsageNote athleteId={athleteId} />
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      {rejected.map((line) => (
        <Text key={line} size="sm" c="red" role="alert">
          {line}
        </Text>
      ))}
    </Stack>
  );
}
