import { Alert, Box, Button, Group, Loader, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconCameraOff, IconMicrophone, IconMicrophoneOff, IconPlayerStopFilled, IconVideo } from '@tabler/icons-react';
import { recordText as t } from '../strings';
import { formatElapsed } from '../uploadRules';
import { LivePreview } from './LivePreview';
import { RecordingReview } from './RecordingReview';
import { useRecorder } from './useRecorder';

/** Missing devices, said plainly (spec'd wording); nothing when both are there. */
function DeviceNotices({ camera, microphone, unsupported }: { camera: boolean; microphone: boolean; unsupported: boolean }) {
  if (camera && microphone && !unsupported) return null;
  return (
    <Stack gap="xs">
      {!camera && (
        <Alert variant="light" color="gray" icon={<IconCameraOff size={18} />} p="xs">
          {t.noCamera}
        </Alert>
      )}
      {!microphone && (
        <Alert variant="light" color="gray" icon={<IconMicrophoneOff size={18} />} p="xs">
          {t.noMicrophone}
        </Alert>
      )}
      {unsupported && (
        <Text size="sm" c="dimmed">
          {t.unsupported}
        </Text>
      )}
    </Stack>
  );
}

/** Record Video/Audio: record on this device, review, then upload through the same path as a file. */
export function RecordTab({ athleteId }: { athleteId: number }) {
  const { devices, state, elapsed, start, stop, discard } = useRecorder();

  if (state.phase === 'recorded') {
    return (
      <RecordingReview
        athleteId={athleteId}
        kind={state.kind}
        blob={state.blob}
        url={state.url}
        mimeType={state.mimeType}
        onDone={discard}
      />
    );
  }

  if (state.phase === 'recording') {
    return (
      <Stack gap="md">
        {state.kind === 'video' ? (
          <LivePreview stream={state.stream} label={t.livePreview} />
        ) : (
          <Group justify="center" py="lg">
            <ThemeIcon size={72} radius="xl" variant="light" color="red">
              <IconMicrophone size={36} aria-hidden />
            </ThemeIcon>
          </Group>
        )}
        <Group justify="space-between">
          <Group gap="xs" aria-live="polite">
            <Box w={10} h={10} bg="red" style={{ borderRadius: '50%' }} aria-hidden />
            <Text fw={600}>{t.recording}</Text>
            <Text ff="monospace" aria-label={`${t.recording} ${formatElapsed(elapsed)}`}>
              {formatElapsed(elapsed)}
            </Text>
          </Group>
          <Button color="red" leftSection={<IconPlayerStopFilled size={16} aria-hidden />} onClick={stop}>
            {t.stop}
          </Button>
        </Group>
      </Stack>
    );
  }

  if (devices.status === 'checking') {
    return (
      <Group gap="sm" py="md">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {t.checking}
        </Text>
      </Group>
    );
  }

  const starting = state.phase === 'starting';
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t.intro}
      </Text>
      <DeviceNotices camera={devices.camera} microphone={devices.microphone} unsupported={devices.unsupported} />
      {state.phase === 'idle' && state.error && (
        <Alert variant="light" color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {state.error}
        </Alert>
      )}
      {/* Side by side from 36em; stacked, full width, on a phone, where half a row cut the labels. */}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Button
          variant="light"
          leftSection={<IconVideo size={18} aria-hidden />}
          disabled={!devices.camera || starting}
          loading={starting && state.kind === 'video'}
          onClick={() => start('video')}
        >
          {t.recordVideo}
        </Button>
        <Button
          variant="light"
          leftSection={<IconMicrophone size={18} aria-hidden />}
          disabled={!devices.microphone || starting}
          loading={starting && state.kind === 'audio'}
          onClick={() => start('audio')}
        >
          {t.recordAudio}
        </Button>
      </SimpleGrid>
    </Stack>
  );
}
