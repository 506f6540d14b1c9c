import { useEffect, useEffectEvent, useState } from 'react';
import { Alert, Avatar, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import type { QueryKey } from '@tanstack/react-query';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import { initials } from '../../../lib/format';
import { PHOTO_ACCEPT } from '../api';
import { usePhotoMutations } from '../queries';
import { photoText as t } from '../strings';

/** How often the answers showing the photo are read again while its squares are being cut. */
const POLL_MS = 500;

export interface PhotoUploadProps {
  /** The photo's PUT/DELETE route (photoUrls). */
  url: string;
  /** The photo shown now, or null for the initials. */
  photoUrl: string | null | undefined;
  /** Whose photo: the initials come from it. */
  name: string;
  /** The label of the control ("Athlete photo", "Your photo"). */
  label: string;
  /** The queries whose answers carry photoUrl / profileImageUrl: polled until the new photo shows. */
  shownIn: readonly QueryKey[];
  /** Why the latest photo could not be made, when its job failed. */
  failure?: string;
}

/**
 * The photo of an athlete or of the account: the current square (initials without one), "Upload photo"
 * or "Change photo", and "Remove photo". After an upload the answers are read again until the new
 * square shows (the profile_photo job cuts it in a second or two).
 */
export function PhotoUpload({ url, photoUrl, name, label, shownIn, failure }: PhotoUploadProps) {
  const { upload, remove, refresh } = usePhotoMutations(url, shownIn);
  // The photo shown when the upload was accepted: the new one has arrived once photoUrl differs.
  const [replacing, setReplacing] = useState<{ from: string | null } | null>(null);
  const current = photoUrl ?? null;
  const processing = replacing !== null && current === replacing.from && !failure;

  const poll = useEffectEvent(() => void refresh());
  useEffect(() => {
    if (!processing) return;
    const timer = setInterval(poll, POLL_MS);
    return () => clearInterval(timer);
  }, [processing]);
  // This control's answer may carry the new photo while another read in the same round (the athlete list
  // the dashboard's banner shows) was answered a moment before the photo was ready: once it arrives, every
  // answer is read once more, the photo being ready for all of them now.
  const arrived = replacing !== null && current !== replacing.from;
  const readAllAgain = useEffectEvent(() => {
    setReplacing(null);
    void refresh();
  });
  useEffect(() => {
    if (arrived) readAllAgain();
  }, [arrived]);

  const choose = (file: File | null) => {
    if (!file) return;
    setReplacing({ from: current });
    upload.mutate(file, { onError: () => setReplacing(null) });
  };
  const busy = upload.isPending || processing;

  return (
    <Stack gap="xs" role="group" aria-label={label}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="md" wrap="nowrap">
        <Avatar src={current} alt={label} size={72} radius="50%" color="gold" variant="filled" autoContrast>
          {initials(name)}
        </Avatar>
        <Stack gap={6}>
          <Group gap="xs">
            <FileButton onChange={choose} accept={PHOTO_ACCEPT}>
              {(props) => (
                <Button {...props} size="xs" variant="light" leftSection={<IconPhoto size={14} />} loading={busy}>
                  {current ? t.change : t.upload}
                </Button>
              )}
            </FileButton>
            {current && (
              <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} loading={remove.isPending} disabled={busy} onClick={() => remove.mutate()}>
                {t.remove}
              </Button>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {processing ? t.processing : t.hint}
          </Text>
        </Stack>
      </Group>
      {failure && (
        <Alert color="red" variant="light" p="xs">
          {failure}
        </Alert>
      )}
    </Stack>
  );
}
