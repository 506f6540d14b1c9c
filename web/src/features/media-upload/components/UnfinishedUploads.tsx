import { useState } from 'react';
import { Button, Card, FileButton, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useUser } from '../../auth';
import { invalidateMedia } from '../../media';
import { useOnline } from '../../../lib/network';
import { showError, showSuccess } from '../../../lib/toast';
import { startResumableUpload } from '../resumable';
import { unfinishedText as t, uploadToasts } from '../strings';
import { forgetUpload, isSameFile, resumeInput, unfinishedUploads, type UnfinishedUpload } from '../unfinished';

/** The list's query key: per account, as the server answers each person for their own uploads only. */
const unfinishedKey = (accountId: number | undefined) => ['tus-unfinished-uploads', accountId ?? 0] as const;

/**
 * The uploads this device started and did not finish, each with how far it got, a way to go on (choosing
 * the same file again) and a way to forget it (issue 34). Nothing when there are none, or offline.
 */
export function UnfinishedUploads() {
  const accountId = useUser().user?.id;
  const online = useOnline();
  const query = useQuery({
    queryKey: unfinishedKey(accountId),
    queryFn: () => unfinishedUploads(),
    enabled: accountId !== undefined && online,
  });
  const uploads = query.data ?? [];
  if (uploads.length === 0) return null;
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={t.title}>
      <Stack gap="sm">
        <Group gap="xs">
          <IconCloudUpload size={18} aria-hidden />
          <Title order={2} fz="md">
            {t.title}
          </Title>
        </Group>
        {uploads.map((upload) => (
          <UnfinishedUploadRow key={upload.storageKey} upload={upload} accountId={accountId} />
        ))}
      </Stack>
    </Card>
  );
}

function UnfinishedUploadRow({ upload, accountId }: { upload: UnfinishedUpload; accountId: number | undefined }) {
  const client = useQueryClient();
  const online = useOnline();
  const [sending, setSending] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  const name = upload.title || upload.fileName;
  const refresh = () => client.invalidateQueries({ queryKey: unfinishedKey(accountId) });

  const resume = (file: File | null) => {
    if (!file) return;
    if (!isSameFile(upload, file)) {
      setProblem(t.notSameFile(upload.fileName));
      return;
    }
    setProblem('');
    setSending(upload.percent);
    // The dialog's own path (resumable.ts): with the same file and fields it finds this upload and goes on.
    const handle = startResumableUpload(upload.athleteId, resumeInput(upload, file), { onProgress: setSending });
    handle.result
      .then(async () => {
        showSuccess(uploadToasts.success);
        await Promise.all([invalidateMedia(client, upload.athleteId), refresh()]);
      })
      .catch((err: Error) => setProblem(err.message))
      .finally(() => setSending(null));
  };

  const forget = () => {
    if (!window.confirm(t.confirmForget(name))) return;
    forgetUpload(upload)
      .then(refresh)
      .catch((err: unknown) => showError(t.forgetFailed, err));
  };

  return (
    <Stack gap={6}>
      <Text size="sm">{t.progress(name, sending ?? upload.percent)}</Text>
      {sending !== null && <Progress value={sending} aria-label={t.resuming(name)} size="sm" />}
      {problem && (
        <Text size="sm" c="red" role="alert">
          {problem}
        </Text>
      )}
      <Group gap="xs">
        <FileButton onChange={resume} accept={upload.metadata.filetype || undefined}>
          {(props) => (
            <Button {...props} size="xs" variant="light" disabled={!online || sending !== null} aria-label={t.chooseLabel(name)}>
              {t.choose}
            </Button>
          )}
        </FileButton>
        <Button size="xs" variant="subtle" color="gray" onClick={forget} disabled={!online || sending !== null} aria-label={t.forgetLabel(name)}>
          {t.forget}
        </Button>
      </Group>
    </Stack>
  );
}
