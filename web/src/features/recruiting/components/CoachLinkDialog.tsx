import { Checkbox, Image, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Dialog } from '../../../components/Dialog';
import { FormActions } from '../../../components/FormActions';
import { fieldErrors } from '../../../lib/api';
import { useMediaPages, type MediaItem } from '../../media';
import type { CoachLink, CoachLinkInclude } from '../api';
import { clock } from '../coachLinkRules';
import { useSaveCoachLinkMutation } from '../queries';
import { coachLinkText as t } from '../strings';

interface FormValues {
  coachName: string;
  coachEmail: string;
  include: CoachLinkInclude;
  expiresAt: string;
}

const fresh: FormValues = {
  coachName: '',
  coachEmail: '',
  include: { profile: true, academics: true, measurables: false, stats: false, events: true, mediaIds: [] },
  expiresAt: '',
};

/** The library's ready videos and photos, the ones a link may show. */
function usePickable(athleteId: number): MediaItem[] {
  const { items } = useMediaPages(athleteId);
  return items.filter((m) => (m.mediaType === 'video' || m.mediaType === 'image') && m.status === 'ready');
}

function ClipPicker({ items, chosen, onChange }: { items: MediaItem[]; chosen: number[]; onChange: (ids: number[]) => void }) {
  if (items.length === 0) return <Text size="sm" c="dimmed">{t.noClips}</Text>;
  const toggle = (id: number, on: boolean) => onChange(on ? [...chosen, id] : chosen.filter((c) => c !== id));
  return (
    <ScrollArea.Autosize mah={260} type="auto">
      <Stack gap={6}>
        {items.map((m) => (
          <Checkbox
            key={m.id}
            checked={chosen.includes(m.id)}
            onChange={(e) => toggle(m.id, e.currentTarget.checked)}
            label={
              <Group gap="xs" wrap="nowrap">
                {m.thumbnailUrl && <Image src={m.thumbnailUrl} w={48} h={32} radius="sm" fit="cover" alt="" />}
                <Stack gap={0} miw={0}>
                  <Text size="sm" lineClamp={1}>
                    {m.title || 'Untitled'}
                    {m.duration ? ` · ${clock(m.duration)}` : ''}
                  </Text>
                  {m.isPrivate && (
                    <Text size="xs" c="dimmed">
                      {t.familyOnly}
                    </Text>
                  )}
                </Stack>
              </Group>
            }
          />
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

function CoachLinkForm({ athleteId, collegeId, link, onDone }: { athleteId: number; collegeId: number; link: CoachLink | null; onDone: () => void }) {
  const form = useForm<FormValues>({
    initialValues: link
      ? { coachName: link.coachName, coachEmail: link.coachEmail, include: link.include, expiresAt: link.expiresAt.slice(0, 10) }
      : fresh,
    validate: { coachName: (v: string) => (v.trim() ? null : t.coachNameRequired) },
  });
  const items = usePickable(athleteId);
  const save = useSaveCoachLinkMutation(collegeId);
  const submit = (values: FormValues) => {
    const input = { ...values, coachName: values.coachName.trim(), coachEmail: values.coachEmail.trim(), makeShareable: true };
    // An unchanged expiry keeps the link's own time of day; a date the family typed lasts through that day.
    if (link && values.expiresAt === link.expiresAt.slice(0, 10)) delete (input as { expiresAt?: string }).expiresAt;
    save.mutate({ id: link?.id, input }, { onSuccess: onDone, onError: (err) => form.setErrors(fieldErrors(err)) });
  };
  const flag = (key: Exclude<keyof CoachLinkInclude, 'mediaIds'>, label: string) => (
    <Checkbox label={label} {...form.getInputProps(`include.${key}`, { type: 'checkbox' })} />
  );
  const mediaError = form.errors['include.mediaIds'];
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <TextInput label={t.coachName} required data-autofocus {...form.getInputProps('coachName')} />
        <TextInput label={t.coachEmail} type="email" {...form.getInputProps('coachEmail')} />
        <Text size="sm" fw={600}>
          {t.show}
        </Text>
        {flag('profile', t.profile)}
        {flag('academics', t.academics)}
        {flag('measurables', t.measurables)}
        {flag('stats', t.stats)}
        {flag('events', t.events)}
        <Text size="sm" fw={600}>
          {t.clips}
        </Text>
        <ClipPicker items={items} chosen={form.values.include.mediaIds} onChange={(ids) => form.setFieldValue('include.mediaIds', ids)} />
        {mediaError && (
          <Text size="sm" c="red">
            {mediaError}
          </Text>
        )}
        <TextInput label={t.expires} description={t.expiresHint} type="date" {...form.getInputProps('expiresAt')} />
        <FormActions cancel={t.cancel} submit={t.save} onCancel={onDone} pending={save.isPending} />
      </Stack>
    </form>
  );
}

export function CoachLinkDialog(props: { opened: boolean; onClose: () => void; athleteId: number; collegeId: number; link: CoachLink | null }) {
  const { opened, onClose, ...form } = props;
  return (
    <Dialog opened={opened} onClose={onClose} title={form.link ? t.dialogEdit : t.dialogNew} radius="md" size="lg">
      <CoachLinkForm {...form} onDone={onClose} />
    </Dialog>
  );
}
