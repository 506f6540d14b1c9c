import type { GetInputPropsReturnType } from '@mantine/form';
import { ActionIcon, Alert, Button, Group, Paper, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconCopy, IconFile, IconFileTypePdf, IconMusic, IconPhoto, IconVideo, IconX } from '@tabler/icons-react';
import { uploadText as t } from '../strings';
import { formatSize } from '../uploadRules';
import { UploadProgress } from './UploadProgress';
import type { FilePhase } from './useUploadFiles';
import classes from './UploadFileRow.module.css';

function FileIcon({ type }: { type: string }) {
  if (type.startsWith('image/')) return <IconPhoto size={18} aria-hidden />;
  if (type.startsWith('video/')) return <IconVideo size={18} aria-hidden />;
  if (type.startsWith('audio/')) return <IconMusic size={18} aria-hidden />;
  if (type === 'application/pdf') return <IconFileTypePdf size={18} aria-hidden />;
  return <IconFile size={18} aria-hidden />;
}

interface UploadFileRowProps {
  file: File;
  phase: FilePhase;
  /** From form.getInputProps for this file's title and date. */
  titleProps: GetInputPropsReturnType;
  dateProps: GetInputPropsReturnType;
  /** The date shown is the one the file itself says it was taken. */
  dateFromFile: boolean;
  disabled: boolean;
  onRemove: () => void;
  /** The answers to the duplicate question (phase "duplicate"). */
  onKeepBoth: () => void;
  onSkip: () => void;
}

interface DuplicateQuestionProps {
  name: string;
  message: string;
  onKeepBoth: () => void;
  onSkip: () => void;
}

/** The server's question about a file the athlete already has, with its two answers. */
function DuplicateQuestion({ name, message, onKeepBoth, onSkip }: DuplicateQuestionProps) {
  return (
    <Alert
      variant="light"
      color="yellow"
      radius="md"
      icon={<IconCopy size={18} aria-hidden />}
      title={t.duplicateOf(name)}
      classNames={{ title: classes.duplicateTitle }}
      role="alert"
    >
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        <Group gap="sm">
          <Button size="xs" onClick={onKeepBoth}>
            {t.keepBoth}
          </Button>
          <Button size="xs" variant="default" onClick={onSkip}>
            {t.skip}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** One chosen file: its name and size, its own title and date, and its progress while it uploads. */
export function UploadFileRow({ file, phase, titleProps, dateProps, dateFromFile, disabled, onRemove, onKeepBoth, onSkip }: UploadFileRowProps) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" justify="space-between">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <ThemeIcon variant="light" radius="md" color={phase.phase === 'done' ? 'green' : undefined}>
              {phase.phase === 'done' ? <IconCircleCheck size={18} aria-hidden /> : <FileIcon type={file.type} />}
            </ThemeIcon>
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={500} truncate="end">
                {file.name}
              </Text>
              <Text size="xs" c="dimmed">
                {phase.phase === 'done' ? t.uploaded : phase.phase === 'skipped' ? t.skipped : formatSize(file.size)}
              </Text>
            </Stack>
          </Group>
          <ActionIcon variant="subtle" color="gray" onClick={onRemove} disabled={disabled} aria-label={t.removeFile(file.name)}>
            <IconX size={16} />
          </ActionIcon>
        </Group>
        <Group gap="sm" align="flex-start" wrap="wrap">
          <TextInput label={t.fileTitle} required size="sm" disabled={disabled} className={classes.title} {...titleProps} />
          <TextInput
            label={t.date}
            type="date"
            required
            size="sm"
            disabled={disabled}
            description={dateFromFile ? t.dateFromFile : undefined}
            // Under the field, so the date lines up with the title beside it.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            className={classes.date}
            {...dateProps}
          />
        </Group>
        {phase.phase === 'uploading' && (
          <UploadProgress percent={phase.percent} label={t.progressLabel(file.name)} reconnecting={phase.reconnecting} />
        )}
        {phase.phase === 'duplicate' && (
          <DuplicateQuestion name={file.name} message={phase.message} onKeepBoth={onKeepBoth} onSkip={onSkip} />
        )}
        {phase.phase === 'failed' && (
          <Text size="sm" c="red">
            {phase.message}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
