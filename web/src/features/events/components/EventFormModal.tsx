import { Group, Select, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Dialog } from '../../../components/Dialog';
import { fieldErrors } from '../../../lib/api';
import { FormActions } from '../../../components/FormActions';
import { EVENT_TYPES, type AthleteEvent, type EventInput, type EventType } from '../api';
import { useSaveEventMutation } from '../queries';
import { eventText as t, eventTypeLabels } from '../strings';
import { knownTimeZones } from '../when';

interface Values {
  title: string;
  eventType: EventType;
  allDay: boolean;
  /** YYYY-MM-DD when all-day, else the datetime-local input's wall time (YYYY-MM-DDTHH:mm) in timeZone. */
  start: string;
  /** The same form as start; '' for none. */
  end: string;
  timeZone: string;
  repeats: boolean;
  /** YYYY-MM-DD: the series' last day. */
  repeatUntil: string;
  location: string;
}

const typeOptions = EVENT_TYPES.map((value) => ({ value, label: eventTypeLabels[value] }));

/** The wall time or day of an answered date, in the form the inputs take (the API gives timed dates in the event's offset). */
const inputValue = (value: string | null, allDay: boolean) => (value ? value.slice(0, allDay ? 10 : 16) : '');

function initialValues(event: AthleteEvent | null, defaultZone: string): Values {
  if (!event) {
    return { title: '', eventType: 'game', allDay: false, start: '', end: '', timeZone: defaultZone, repeats: false, repeatUntil: '', location: '' };
  }
  return {
    title: event.title,
    eventType: event.eventType,
    allDay: event.allDay,
    start: inputValue(event.startDate, event.allDay),
    end: inputValue(event.endDate, event.allDay),
    timeZone: event.timeZone,
    repeats: event.repeatWeeklyUntil !== null,
    repeatUntil: event.repeatWeeklyUntil ?? '',
    location: event.location,
  };
}

/** Switching all-day keeps the day of what was typed: a wall time loses its time, a day gains none (the user types it). */
const switchedValue = (value: string, allDay: boolean) => (allDay ? value.slice(0, 10) : value && value.length === 10 ? '' : value);

function toInput(v: Values): EventInput {
  return {
    title: v.title.trim(),
    eventType: v.eventType,
    allDay: v.allDay,
    startDate: v.start,
    endDate: v.end || undefined,
    timeZone: v.timeZone,
    repeatWeeklyUntil: v.repeats ? v.repeatUntil : undefined,
    location: v.location.trim(),
  };
}

function EventForm({
  athleteId,
  event,
  defaultZone,
  onDone,
}: {
  athleteId: number;
  event: AthleteEvent | null;
  defaultZone: string;
  onDone: () => void;
}) {
  const form = useForm<Values>({
    initialValues: initialValues(event, defaultZone),
    validate: {
      title: (v: string) => (v.trim() ? null : t.titleRequired),
      start: (v: string) => (v ? null : t.startRequired),
      // Both are wall times (or days) in the same zone: their text orders as their times do.
      end: (v: string, all: Values) => (v && all.start && v < all.start ? t.endBeforeStart : null),
      repeatUntil: (v: string, all: Values) =>
        !all.repeats ? null : !v ? t.untilRequired : all.start && v < all.start.slice(0, 10) ? t.untilBeforeStart : null,
    },
  });
  const zones = knownTimeZones();
  const zoneOptions = zones.includes(form.values.timeZone) ? zones : [form.values.timeZone, ...zones];
  const save = useSaveEventMutation(athleteId);
  const submit = (v: Values) =>
    save.mutate(
      { id: event?.id, input: toInput(v) },
      {
        onSuccess: onDone,
        onError: (err) => {
          const errs = fieldErrors(err);
          form.setErrors({ ...errs, start: errs.startDate, end: errs.endDate, repeatUntil: errs.repeatWeeklyUntil });
        },
      },
    );
  const setAllDay = (allDay: boolean) =>
    form.setValues({ allDay, start: switchedValue(form.values.start, allDay), end: switchedValue(form.values.end, allDay) });
  const dateType = form.values.allDay ? 'date' : 'datetime-local';
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <TextInput label={t.title} required data-autofocus {...form.getInputProps('title')} />
        <Select label={t.type} data={typeOptions} allowDeselect={false} {...form.getInputProps('eventType')} />
        <Switch label={t.allDay} checked={form.values.allDay} onChange={(e) => setAllDay(e.currentTarget.checked)} />
        <Group grow align="flex-start">
          <TextInput label={form.values.allDay ? t.startDay : t.start} type={dateType} required {...form.getInputProps('start')} />
          <TextInput label={form.values.allDay ? t.endDay : t.end} type={dateType} {...form.getInputProps('end')} />
        </Group>
        <Select label={t.timeZone} data={zoneOptions} searchable allowDeselect={false} {...form.getInputProps('timeZone')} />
        <Switch label={t.repeatWeekly} {...form.getInputProps('repeats', { type: 'checkbox' })} />
        {form.values.repeats && <TextInput label={t.repeatUntil} type="date" required {...form.getInputProps('repeatUntil')} />}
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
  defaultZone,
}: {
  opened: boolean;
  onClose: () => void;
  athleteId: number;
  event: AthleteEvent | null;
  /** A new event's time zone: the athlete's, else the browser's. */
  defaultZone: string;
}) {
  return (
    <Dialog opened={opened} onClose={onClose} title={event ? t.editEvent : t.addEvent} radius="md">
      <EventForm athleteId={athleteId} event={event} defaultZone={defaultZone} onDone={onClose} />
    </Dialog>
  );
}
