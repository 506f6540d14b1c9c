import { useState } from 'react';
import { ActionIcon, Alert, Button, Checkbox, Group, Image, Progress, ScrollArea, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconFocus2, IconX } from '@tabler/icons-react';
import { Dialog } from '../../../components/Dialog';
import type { Athlete } from '../../../lib/currentAthlete';
import { isWorking } from '../../../lib/jobStatus';
import { useMediaPages, type MediaItem } from '../../media';
import type { ReelFormat, ReelSlide, ReelSpotlight } from '../api';
import { useCreateReel, useReel, useReelVideo } from '../queries';
import { reelText as t } from '../strings';
import { SpotlightPicker } from './SpotlightPicker';

export interface ReelBuilderDialogProps {
  athlete: Athlete | null;
  onClose: () => void;
}

interface ReelForm {
  title: string;
  clipIds: number[];
  withTitleSlide: boolean;
  slide: ReelSlide;
  formats: ReelFormat[];
  /** At most one spotlight per clip, by clip id. */
  spotlight: Record<number, ReelSpotlight>;
}

/** The title slide's lines as the profile has them; number and contact are the family's to add. */
function slideFromProfile(athlete: Athlete): ReelSlide {
  return {
    name: athlete.name,
    number: '',
    position: athlete.position,
    classYear: athlete.graduationYear ? String(athlete.graduationYear) : '',
    school: athlete.school,
    contact: '',
  };
}

/** Make a reel: the clips in order, the title slide, the formats; then its progress and the reel itself. */
export function ReelBuilderDialog({ athlete, onClose }: ReelBuilderDialogProps) {
  const [reelId, setReelId] = useState<number | null>(null);
  const close = () => {
    setReelId(null);
    onClose();
  };
  return (
    <Dialog opened={athlete !== null} onClose={close} title={t.dialogTitle} size="lg" radius="md">
      {athlete &&
        (reelId === null ? (
          <ReelForm athlete={athlete} onCreated={setReelId} />
        ) : (
          <ReelProgress athleteId={athlete.id} reelId={reelId} onClose={close} />
        ))}
    </Dialog>
  );
}

function ReelForm({ athlete, onCreated }: { athlete: Athlete; onCreated: (id: number) => void }) {
  const videos = useMediaPages(athlete.id, { type: 'video' });
  const ready = videos.items.filter((item) => item.status === 'ready');
  const form = useForm<ReelForm>({
    initialValues: {
      title: t.defaultTitle(athlete.name),
      clipIds: [],
      withTitleSlide: true,
      slide: slideFromProfile(athlete),
      formats: ['landscape', 'vertical'],
      spotlight: {},
    },
    validate: {
      clipIds: (ids) => (ids.length === 0 ? t.chooseClip : null),
      formats: (formats) => (formats.length === 0 ? t.chooseFormat : null),
    },
  });
  const create = useCreateReel(athlete.id, (reel) => onCreated(reel.id));
  const byId = new Map(ready.map((item) => [item.id, item]));
  const chosen = form.values.clipIds;
  const toggle = (id: number) =>
    form.setFieldValue('clipIds', chosen.includes(id) ? chosen.filter((c) => c !== id) : [...chosen, id].slice(0, 60));
  const [spotlighting, setSpotlighting] = useState<number | null>(null);
  const setSpotlight = (id: number, spotlight: ReelSpotlight | undefined) => {
    const next = { ...form.values.spotlight };
    if (spotlight) next[id] = spotlight;
    else delete next[id];
    form.setFieldValue('spotlight', next);
  };
  const move = (index: number, by: number) => {
    const next = [...chosen];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    form.setFieldValue('clipIds', next);
  };

  return (
    <form
      onSubmit={form.onSubmit((v) =>
        create.mutate({
          title: v.title,
          clipIds: v.clipIds,
          titleSlide: v.withTitleSlide ? v.slide : null,
          spotlight: v.clipIds.flatMap((id) => (v.spotlight[id] ? [v.spotlight[id]] : [])),
          formats: v.formats,
        }),
      )}
    >
      <Stack gap="md">
        <TextInput label={t.title} required {...form.getInputProps('title')} />
        <Stack gap={4}>
          <Text fw={500} size="sm">
            {t.clips}
          </Text>
          <Text size="xs" c="dimmed">
            {t.clipsHint}
          </Text>
          {!videos.isPending && ready.length === 0 && <Alert color="gray">{t.noVideos}</Alert>}
          <ScrollArea.Autosize mah={220} type="auto">
            <Stack gap={6} data-testid="reel-clips">
              {ready.map((item) => (
                <ClipChoice key={item.id} item={item} order={chosen.indexOf(item.id)} onToggle={() => toggle(item.id)} />
              ))}
            </Stack>
          </ScrollArea.Autosize>
          {form.errors.clipIds && (
            <Text size="xs" c="red">
              {form.errors.clipIds}
            </Text>
          )}
        </Stack>
        {chosen.length > 0 && (
          <Stack gap={4} data-testid="reel-order">
            <Text size="sm" c="dimmed">
              {t.chosen(chosen.length)}
            </Text>
            {chosen.map((id, i) => {
              const item = byId.get(id);
              const title = item?.title ?? `#${id}`;
              return (
                <Stack key={id} gap={4}>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" w={24}>
                      {i + 1}.
                    </Text>
                    <Text size="sm" truncate style={{ flex: 1 }}>
                      {title}
                    </Text>
                    <ActionIcon
                      variant={form.values.spotlight[id] ? 'filled' : 'subtle'}
                      aria-label={t.spotlight(title)}
                      aria-pressed={spotlighting === id}
                      onClick={() => setSpotlighting(spotlighting === id ? null : id)}
                    >
                      <IconFocus2 size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon variant="subtle" aria-label={t.moveUp(title)} disabled={i === 0} onClick={() => move(i, -1)}>
                      <IconArrowUp size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon variant="subtle" aria-label={t.moveDown(title)} disabled={i === chosen.length - 1} onClick={() => move(i, 1)}>
                      <IconArrowDown size={16} aria-hidden />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="red" aria-label={t.remove(title)} onClick={() => toggle(id)}>
                      <IconX size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                  {spotlighting === id && item && (
                    <SpotlightPicker item={item} value={form.values.spotlight[id]} onChange={(s) => setSpotlight(id, s)} />
                  )}
                </Stack>
              );
            })}
          </Stack>
        )}
        <Switch label={t.titleSlide} description={t.titleSlideHint} {...form.getInputProps('withTitleSlide', { type: 'checkbox' })} />
        {form.values.withTitleSlide && (
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm">
            {(Object.keys(t.slide) as (keyof ReelSlide)[]).map((field) => (
              <TextInput key={field} label={t.slide[field]} maxLength={120} {...form.getInputProps(`slide.${field}`)} />
            ))}
          </SimpleGrid>
        )}
        <Checkbox.Group label={t.formats} {...form.getInputProps('formats')}>
          <Stack gap={6} mt={6}>
            <Checkbox value="landscape" label={t.landscape} />
            <Checkbox value="vertical" label={t.vertical} />
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            {t.make}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ClipChoice({ item, order, onToggle }: { item: MediaItem; order: number; onToggle: () => void }) {
  const seconds = item.duration ? `${Math.round(item.duration)} s` : '';
  return (
    <Group gap="sm" wrap="nowrap">
      <Checkbox checked={order >= 0} onChange={onToggle} aria-label={item.title} />
      {item.thumbnailUrl && <Image src={item.thumbnailUrl} alt="" w={56} h={32} radius="sm" fit="cover" />}
      <Text size="sm" truncate style={{ flex: 1 }} onClick={onToggle}>
        {order >= 0 ? `${order + 1}. ` : ''}
        {item.title}
      </Text>
      <Text size="xs" c="dimmed">
        {seconds}
      </Text>
    </Group>
  );
}

function ReelProgress({ athleteId, reelId, onClose }: { athleteId: number; reelId: number; onClose: () => void }) {
  const { query } = useReel(athleteId, reelId);
  const reel = query.data;
  const first = reel?.outputs[0];
  const video = useReelVideo(first?.mediaId);
  if (!reel || isWorking(reel.status)) {
    const progress = reel?.progress ?? 0;
    return (
      <Stack gap="sm" data-testid="reel-progress">
        <Text>{reel?.status === 'processing' ? t.rendering : t.queued}</Text>
        <Progress value={progress * 100} animated aria-label={t.rendering} />
        <Text size="sm" c="dimmed">
          {t.percent(progress)}
        </Text>
      </Stack>
    );
  }
  if (reel.status === 'failed') {
    return (
      <Stack gap="sm">
        <Alert color="red" title={t.failed}>
          {reel.statusReason}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t.close}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" data-testid="reel-ready">
      <Text>{t.ready}</Text>
      {video.data && (
        <video
          src={video.data.mediaUrl}
          poster={video.data.thumbnailUrl ?? undefined}
          controls
          playsInline
          style={{ width: '100%', maxHeight: '60vh', background: 'black', borderRadius: 8 }}
          data-testid="reel-video"
        />
      )}
      <Group justify="flex-end">
        <Button onClick={onClose}>{t.done}</Button>
      </Group>
    </Stack>
  );
}
