import { useState } from 'react';
import { ActionIcon, Anchor, Button, Card, Center, CopyButton, Group, Image, Loader, Stack, Text, TextInput, Textarea, Title, Tooltip } from '@mantine/core';
import { IconCopy, IconDownload, IconQrcode, IconTrash } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { Dialog } from '../../../components/Dialog';
import { ShowMore } from '../../../components/ShowMore';
import { fieldErrors } from '../../../lib/api';
import type { QRCode } from '../api';
import { useCreateQRCode, useDeleteQRCode, useQRCodes, useShowcaseSettings } from '../queries';
import { qrText as t, qrToasts } from '../strings';

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    notifications.show({ title: qrToasts.copied.title, message: qrToasts.copied.message, color: 'green' });
  } catch {
    notifications.show({ title: qrToasts.copyFailed.title, message: qrToasts.copyFailed.message, color: 'red' });
  }
}

/** Spec: the 'Athlete Showcase' QR card. The code is drawn by the worker and counts its scans. */
export function QRShowcaseCard({ athleteId, canEdit }: { athleteId: number | undefined; canEdit: boolean }) {
  const codes = useQRCodes(athleteId);
  const [dialog, setDialog] = useState(false);
  const newest = codes.items[0] ?? null;
  const older = codes.items.slice(1);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <IconQrcode size={20} />
            <Title order={3} fz="md">
              {newest?.title ?? t.title}
            </Title>
          </Group>
          {canEdit && (
            <Button
              size="xs"
              onClick={() => {
                if (athleteId === undefined) {
                  notifications.show({ title: 'Validation Error', message: t.noProfile, color: 'red' });
                  return;
                }
                setDialog(true);
              }}
            >
              {newest ? t.newQr : t.generate}
            </Button>
          )}
        </Group>
        {codes.isLoading ? (
          <Center h={160}>
            <Loader />
          </Center>
        ) : newest ? (
          <QRCodeView code={newest} athleteId={athleteId!} canEdit={canEdit} />
        ) : (
          <Text size="sm" c="dimmed">
            {t.none}
          </Text>
        )}
        {older.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t.older}
            </Text>
            {older.map((c) => (
              <Group key={c.id} justify="space-between" wrap="nowrap">
                <Text size="sm" truncate>
                  {c.title} · {t.scans(c.scans)}
                </Text>
                <Anchor size="sm" href={`${c.qrImageUrl ?? ''}?download=1`} download={t.downloadName}>
                  {t.download}
                </Anchor>
              </Group>
            ))}
          </Stack>
        )}
        <ShowMore list={codes} />
      </Stack>
      {athleteId !== undefined && <GenerateQRModal athleteId={athleteId} opened={dialog} onClose={() => setDialog(false)} />}
    </Card>
  );
}

function QRCodeView({ code, athleteId, canEdit }: { code: QRCode; athleteId: number; canEdit: boolean }) {
  const remove = useDeleteQRCode(athleteId);
  const last30 = code.scansByDay.reduce((n, d) => n + d.scans, 0);
  return (
    <Stack gap="xs" align="center">
      {code.qrImageUrl ? (
        <Image src={code.qrImageUrl} alt={`QR code for ${code.title}`} w={200} h={200} />
      ) : code.status === 'failed' ? (
        <Center w={200} h={200}>
          <Text size="sm" c="red" ta="center">
            {code.statusReason || t.failed}
          </Text>
        </Center>
      ) : (
        <Center w={200} h={200} aria-busy>
          <Stack align="center" gap={4}>
            <Loader />
            <Text size="xs" c="dimmed">
              {t.drawing}
            </Text>
          </Stack>
        </Center>
      )}
      {code.description && (
        <Text size="sm" c="dimmed" ta="center">
          {code.description}
        </Text>
      )}
      <Text size="sm" fw={600} aria-label="Scan count">
        {t.scans(code.scans)} · {t.visitors(code.visitors)}
      </Text>
      <Text size="xs" c="dimmed">
        {t.last30}: {t.scans(last30)}
      </Text>
      <Group gap="xs" wrap="nowrap" w="100%">
        <TextInput value={code.shortUrl} readOnly size="xs" style={{ flex: 1 }} aria-label="Short link" />
        <Tooltip label={t.copyShortUrl}>
          <ActionIcon variant="light" aria-label={t.copyShortUrl} onClick={() => void copy(code.shortUrl)}>
            <IconCopy size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} />}
          component="a"
          href={code.qrImageUrl ? `${code.qrImageUrl}?download=1` : undefined}
          download={t.downloadName}
          disabled={!code.qrImageUrl}
        >
          {t.download}
        </Button>
        {canEdit && (
          <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => window.confirm(t.deleteConfirm) && remove.mutate(code.id)}>
            {t.delete}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function GenerateQRModal({ athleteId, opened, onClose }: { athleteId: number; opened: boolean; onClose: () => void }) {
  const settings = useShowcaseSettings(athleteId);
  return (
    <Dialog opened={opened} onClose={onClose} title={t.dialogTitle} radius="md">
      {opened && settings.isFetched && <GenerateQRForm athleteId={athleteId} defaultTarget={settings.data?.url ?? ''} onDone={onClose} />}
    </Dialog>
  );
}

function GenerateQRForm({ athleteId, defaultTarget, onDone }: { athleteId: number; defaultTarget: string; onDone: () => void }) {
  const [title, setTitle] = useState<string>(t.title);
  const [description, setDescription] = useState('');
  const [targetUrl, setTargetUrl] = useState(defaultTarget);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateQRCode(athleteId);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!targetUrl.trim()) {
      setErrors({ targetUrl: t.targetRequired });
      notifications.show({ title: 'Validation Error', message: t.targetRequired, color: 'red' });
      return;
    }
    create.mutate({ title, description, targetUrl: targetUrl.trim() }, { onSuccess: onDone, onError: (err) => setErrors(fieldErrors(err)) });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={t.fieldTitle} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
        <Textarea label={t.fieldDescription} value={description} onChange={(e) => setDescription(e.currentTarget.value)} autosize minRows={2} />
        <TextInput
          label={t.fieldTarget}
          description={t.targetHelp}
          value={targetUrl}
          onChange={(e) => setTargetUrl(e.currentTarget.value)}
          error={errors.targetUrl}
          required
          rightSection={
            <CopyButton value={targetUrl}>
              {() => (
                <ActionIcon variant="subtle" aria-label={t.copyUrl} onClick={() => void copy(targetUrl)}>
                  <IconCopy size={16} />
                </ActionIcon>
              )}
            </CopyButton>
          }
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={create.isPending}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t.generate}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
