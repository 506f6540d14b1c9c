import { Button, Group, NumberInput, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { fieldErrors } from '../../../lib/api';
import { knownTimeZones } from '../../events';
import type { Athlete } from '../../../lib/currentAthlete';
import { useCreateAthleteMutation, useUpdateAthleteMutation } from '../queries';
import { athleteFormText as t } from '../strings';
import {
  MAX_GPA,
  athleteRules,
  athleteToValues,
  emptyAthleteValues,
  graduationYearBounds,
  valuesToInput,
  type AthleteFormValues,
} from '../validation';

/** The browser's zones, with the athlete's first when the browser does not list it. */
function zoneOptions(current: string): string[] {
  const zones = knownTimeZones();
  return zones.includes(current) ? zones : [current, ...zones];
}

interface AthleteFormProps {
  /** Prefill from and PUT to this athlete; without it the form creates a profile. */
  athlete?: Athlete;
  onDone: () => void;
}

export function AthleteForm({ athlete, onDone }: AthleteFormProps) {
  const currentYear = new Date().getFullYear();
  const { min, max } = graduationYearBounds(currentYear);
  const form = useForm<AthleteFormValues>({
    initialValues: athlete ? athleteToValues(athlete) : emptyAthleteValues(currentYear),
    validate: athleteRules(currentYear),
  });
  const create = useCreateAthleteMutation();
  const update = useUpdateAthleteMutation();
  const pending = create.isPending || update.isPending;

  const submit = (values: AthleteFormValues) => {
    const input = valuesToInput(values);
    // Server 400 answers carry per-field messages under the same names as the form's fields.
    const callbacks = { onSuccess: onDone, onError: (err: Error) => form.setErrors(fieldErrors(err)) };
    if (athlete) update.mutate({ id: athlete.id, input }, callbacks);
    else create.mutate(input, callbacks);
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        {/* The spec fills the name from the user's; issue 33: a hurried parent then created the child under their
            own name (shown on share links, the public page and the PDF). It starts empty, and the browser is not
            asked to fill in the signed-in person's name either. */}
        <TextInput label={t.name} required placeholder={t.namePlaceholder} autoComplete="off" {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t.sports}
            required
            placeholder={t.sportsPlaceholder}
            description={t.sportsDescription}
            {...form.getInputProps('sports')}
          />
          <TextInput
            label={t.position}
            placeholder={t.positionPlaceholder}
            description={t.positionDescription}
            {...form.getInputProps('position')}
          />
          <NumberInput
            label={t.graduationYear}
            description={t.graduationYearDescription(min, max)}
            required
            min={min}
            max={max}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator={false}
            {...form.getInputProps('graduationYear')}
          />
          <NumberInput
            label={t.gpa}
            description={t.gpaDescription}
            min={0}
            max={MAX_GPA}
            step={0.01}
            decimalScale={2}
            allowNegative={false}
            {...form.getInputProps('gpa')}
          />
        </SimpleGrid>
        <TextInput label={t.school} required autoComplete="organization" {...form.getInputProps('school')} />
        <Textarea label={t.bio} placeholder={t.bioPlaceholder} rows={4} {...form.getInputProps('bio')} />
        {/* The spec's Create dialog has its fields; a new profile takes the browser's zone, changed here later. */}
        {athlete && (
          <Select
            label={t.timeZone}
            description={t.timeZoneDescription}
            data={zoneOptions(form.values.timeZone)}
            searchable
            allowDeselect={false}
            {...form.getInputProps('timeZone')}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={pending}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={pending}>
            {athlete ? t.submitEdit : t.submitCreate}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
