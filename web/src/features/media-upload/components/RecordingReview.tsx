import { useState } from 'react';
import { Button, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { todayIso } from '../../../lib/format';
import { announceUploadFailure, announceUploadSuccess, failureMessage, isCanceled, useMediaUploader } from '../queries';
import { recordText, uploadText, uploadValidation } from '../strings';
import { recordingFileName, recordingStamp, type RecordingKind } from '../uploadRules';
import { UploadProgress } from './UploadProgress';

interface RecordingReviewProps {
  athleteId: number;
  kind: RecordingKind;
  blob: Blob;
  url: string;
  mimeType: string;
  /** Throws the recording away (also after it was uploaded). */
  onDone: () => void;
}

/** A finished recording: play it back, title it, and upload it like any file. */
export function RecordingReview({ athleteId, kind, blob, url, mimeType, onDone }: RecordingReviewProps) {
  const [title, setTitle] = useState(() => recordText.defaultTitle(recordingStamp()));
  const [isPrivate, setPrivate] = useState(true);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [reconnecting, setReconnecting] = useState(false);
  const { upload, cancel } = useMediaUploader(athleteId);
  const uploading = percent !== null;

  const send = async () => {
    if (!title.trim()) {
      setTitleError(uploadValidation.title);
      return;
    }
    setFailure(null);
    setPercent(0);
    try {
      await upload(
        {
          file: blob,
          fileName: recordingFileName(mimeType),
          title: title.trim(),
          description: '',
          date: todayIso(),
          isPrivate,
          tags: [],
        },
        (p) => {
          setReconnecting(false);
          setPercent(p);
        },
        () => setReconnecting(true),
      );
      announceUploadSuccess();
      onDone();
    } catch (err) {
      setPercent(null);
      setReconnecting(false);
      if (!isCanceled(err)) {
        setFailure(failureMessage(err));
        announceUploadFailure(err);
      }
    }
  };

  return (
    <Stack gap="md">
      {kind === 'video' ? (
        <video
          src={url}
          controls
          playsInline
          aria-label={recordText.recordingPreview}
          style={{ width: '100%', maxHeight: 320, borderRadius: 'var(--mantine-radius-md)', background: 'black' }}
        />
      ) : (
        <audio src={url} controls aria-label={recordText.recordingPreview} style={{ width: '100%' }} />
      )}
      <TextInput
        label={uploadText.fileTitle}
        required
        value={title}
        error={titleError}
        disabled={uploading}
        onChange={(e) => {
          setTitle(e.currentTarget.value);
          setTitleError(null);
        }}
      />
      <Switch
        label={uploadText.keepPrivate}
        description={uploadText.keepPrivateDescription}
        checked={isPrivate}
        disabled={uploading}
        onChange={(e) => setPrivate(e.currentTarget.checked)}
      />
      {uploading && <UploadProgress percent={percent} label={uploadText.progressLabel(recordingFileName(mimeType))} reconnecting={reconnecting} />}
      {failure && !uploading && (
        <Text size="sm" c="red" role="alert">
          {failure}
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        {uploading ? (
          <Button variant="default" onClick={cancel}>
            {uploadText.cancel}
          </Button>
        ) : (
          <Button variant="default" onClick={onDone}>
            {recordText.discard}
          </Button>
        )}
        <Button leftSection={<IconUpload size={16} aria-hidden />} loading={uploading} onClick={() => void send()}>
          {recordText.upload}
        </Button>
      </Group>
    </Stack>
  );
}
