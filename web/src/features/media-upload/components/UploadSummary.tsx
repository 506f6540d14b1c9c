import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconPlayerSkipForward } from '@tabler/icons-react';
import { uploadText as t } from '../strings';
import type { UploadSummary as Summary } from './useUploadFiles';

interface UploadSummaryProps {
  summary: Summary;
  onUploadMore: () => void;
  onDone: () => void;
}

/**
 * What a round of uploads did, in place of the form (issue 33: the dialog used to reset silently, so a
 * parent could not tell the film had gone and sent it again): the files uploaded, the ones skipped as
 * already in the library, and the way on.
 */
export function UploadSummary({ summary, onUploadMore, onDone }: UploadSummaryProps) {
  const { uploaded, skipped } = summary;
  // The form that had the focus is gone: the way on takes it, so a keyboard is not left on the page below.
  const done = useRef<HTMLButtonElement>(null);
  useEffect(() => done.current?.focus(), []);
  return (
    <Stack gap="md">
      <Title order={3} size="h4" role="status">
        {uploaded.length > 0 ? t.summaryUploaded(uploaded.length) : t.summaryNothingUploaded}
      </Title>
      {uploaded.length > 0 && <FileNames names={uploaded} color="green" icon={<IconCircleCheck size={16} aria-hidden />} />}
      {skipped.length > 0 && (
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            {t.summarySkipped(skipped.length)}
          </Text>
          <FileNames names={skipped} color="gray" icon={<IconPlayerSkipForward size={16} aria-hidden />} />
        </Stack>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onUploadMore}>
          {t.uploadMore}
        </Button>
        <Button ref={done} onClick={onDone}>
          {t.done}
        </Button>
      </Group>
    </Stack>
  );
}

/** The files of one outcome, each marked with its icon; a long name wraps instead of widening the dialog. */
function FileNames({ names, color, icon }: { names: string[]; color: string; icon: ReactNode }) {
  return (
    <List
      spacing="xs"
      icon={
        <ThemeIcon color={color} variant="light" radius="xl" size={24}>
          {icon}
        </ThemeIcon>
      }
    >
      {names.map((name, i) => (
        <List.Item key={`${name}-${i}`}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}
