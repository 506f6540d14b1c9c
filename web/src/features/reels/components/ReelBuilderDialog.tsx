import { useState } from 'react';
import { ActionIcon, Alert, Button, Checkbox, Group, Image, ScrollArea, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconFocus2, IconX } from '@tabler/icons-react';
import { Dialog } from '../../../components/Dialog';
import type { Athlete } from '../../../lib/currentAthlete';
import { useMediaPages, type MediaItem } from '../../media';
import type { Reel, ReelFormat, ReelInput, ReelSlide, ReelSpotlight } from '../api';
import { useCreateReel, useUpdateReel } from '../queries';
import { reelText as t } from '../strings';
import { ReelProgress } from './ReelProgress';
import { SlideFields } from './SlideFields';
import { SpotlightPicker } from './SpotlightPicker';

export interface ReelBuilderDialogProps {
  athlete: Athlete | null;
  /** The reel (or film) to edit; absent to make a new one. */
  reel?: Reel | null;
  onClose: () => void;
}

interface ReelForm {
  title: string;
  clipIds: number[];
  withTitleSlide: boolean;
  slide: ReelSlide;
  withEndSlide: boolean;
  endSlide: ReelSlide;
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

/** The form as a new reel starts it, or as the reel being edited was made. */
function initialForm(athlete: Athlete, reel: Reel | null): ReelForm {
  if (!reel) {
    const slide = slideFromProfile(athlete);
    return {
      title: t.defaultTitle(athlete.name),
      clipIds: [],
      withTitleSlide: true,
      slide,
      withEndSlide: false,
      endSlide: slide,
      formats: ['landscape', 'vertical'],
      spotlight: {},
    };
  }
  const slide = reel.titleSlide ?? slideFromProfile(athlete);
  return {
    title: reel.title,
    clipIds: reel.clipIds,
    withTitleSlide: reel.titleSlide !== null,
    slide,
    withEndSlide: reel.endSlide !== null,
    endSlide: reel.endSlide ?? slide,
    formats: reel.formats,
    spotlight: Object.fromEntries(reel.spotlight.map((s) => [s.clipId, s])),
  };
}

/** Make a reel (or edit one): the clips in order, the slides, the formats; then its progress and the reel itself. */
export function ReelBuilderDialog({ athlete, reel = null, onClose }: ReelBuilderDialogProps) {
  const [reelId, setReelId] = useState<number | null>(null);
  const close = () => {
    setReelId(null);
    onClose();
  };
  const title = !reel ? t.dialogTitle : reel.kind === 'film' ? t.editFilmTitle : t.editTitle;
  return (
    <Dialog opened={athlete !== null} onClose={close} title={title} size="lg" radius="md">
      {athlete &&
        (reelId === null ? (
          <ReelForm key={reel?.id ?? 'new'} athlete={athlete} reel={reel} onStarted={setReelId} />
        ) : (
          <ReelProgress athleteId={athlete.id} reelId={reelId} onClose={close} />
        ))}
    </Dialog>
  );
}

function ReelForm({ athlete, reel, onStarted }: { athlete: Athlete; reel: Reel | null; onStarted: (id: number) => void }) {
  const videos = useMediaPages(athlete.id, { type: 'video' });
  const ready = videos.items.filter((item) => item.status === 'ready');
  const form = useForm<ReelForm>({
    initialValues: initialForm(athlete, reel),
    validate: {
      clipIds: (ids) => (ids.length === 0 ? t.chooseClip : null),
      formats: (formats) => (formats.length === 0 ? t.chooseFormat : null),
    },
  });
  const create = useCreateReel(athlete.id, (made) => onStarted(made.id));
  const update = useUpdateReel(athlete.id, reel, (saved) => onStarted(saved.id));
  const save = reel ? update : create;
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
    <form onSubmit={form.onSubmit((v) => save.mutate(reelInput(v, reel)))}>
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
                // A film's clip may play twice (two of its highlights).
                <Stack key={`${id}-${i}`} gap={4}>
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
        {form.values.withTitleSlide && <SlideFields form={form} path="slide" label={t.titleSlideLines} />}
        <Switch
          label={t.endSlide}
          description={t.endSlideHint}
          checked={form.values.withEndSlide}
          onChange={(event) => {
            const on = event.currentTarget.checked;
            // Its lines start as the title slide's (the jersey number just typed there included) until edited.
            if (on && !form.isDirty('endSlide')) form.setFieldValue('endSlide', { ...form.values.slide });
            form.setFieldValue('withEndSlide', on);
          }}
        />
        {form.values.withEndSlide && <SlideFields form={form} path="endSlide" label={t.endSlideLines} />}
        <Checkbox.Group label={t.formats} {...form.getInputProps('formats')}>
          <Stack gap={6} mt={6}>
            <Checkbox value="landscape" label={t.landscape} />
            <Checkbox value="vertical" label={t.vertical} />
          </Stack>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {reel ? t.save : t.make}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** What the api takes; a film's cuts go back as they came, so an edit of its title or slides keeps them. */
function reelInput(v: ReelForm, reel: Reel | null): ReelInput {
  return {
    title: v.title,
    clipIds: v.clipIds,
    titleSlide: v.withTitleSlide ? v.slide : null,
    ...(v.withEndSlide ? { endSlide: v.endSlide } : reel?.endSlide ? { endSlide: null } : {}),
    spotlight: [...new Set(v.clipIds)].flatMap((id) => (v.spotlight[id] ? [v.spotlight[id]] : [])),
    formats: v.formats,
    ...(reel?.segments ? { segments: reel.segments } : {}),
  };
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
