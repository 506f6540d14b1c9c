import { Modal, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { fieldErrors } from '../../../lib/api';
import { FormActions } from '../../../components/FormActions';
import type { AthleteEvent, EventType } from '../api';
import { useSaveEventMutation } from '../queries';
import { eventText as t } from '../strings';

interface Values {
  title: string;
  eventType: EventType;
  /** The datetime-local input's value, in the viewer's time zone. */
  start: string;
  location: string;
}

function EventForm({ athleteId, event, onDone }: { athleteId: number; event: AthleteEvent | null; onDone: () => void }) {
  const form = useForm<Values>({
    initialValues: event
      ? { title: event.title, eventType: event.eventType, start: dayjs(event.startDate).format('YYYY-MM-DDTHH:mm'), location: event.location }
      : { title: '', eventType: 'game', start: '', location: '' },
    validate: {
      title: (v: string) => (v.trim() ? null : t.titleRequired),
      start: (v: string) => (v && dayjs(v).isValid() ? null : t.startRequired),
    },
  });
  const save = useSaveEventMutation(athleteId);
  const submit = (v: Values) =>
    save.mutate(
      { id: event?.id, input: { title: v.title.trim(), eventType: v.eventType, startDate: new Date(v.start).toISOString(), location: v.location.trim() } },
      { onSuccess: onDone, onError: (err) => form.setErrors({ ...fieldErrors(err), start: fieldErrors(err).startDate }) },
    );
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <TextInput label={t.title} required data-autofocus {...form.getInputProps('title')} />
        <SegmentedControl
          aria-label={t.type}
          data={[
            { value: 'game', label: t.game },
            { value: 'other', label: t.other },
          ]}
          {...form.getInputProps('eventType')}
        />
        <TextInput label={t.start} type="datetime-local" required {...form.getInputProps('start')} />
        <TextInput label={t.location} {...form.getInputProps('location')} />
        <FormActions cancel={t.cancel} submit={t.save} onCancel={onDone} pending={save.isPending} />
      </Stack>
    </form>
  );
}

export function EventFormModal({
  opened,
  onClose,
  athleteId,
  event,
}: {
  opened: boolean;
  onClose: () => void;
  athleteId: number;
  event: AthleteEvent | null;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={event ? t.editEvent : t.addEvent} radius="md">
      <EventForm athleteId={athleteId} event={event} onDone={onClose} />
    </Modal>
  );
}
