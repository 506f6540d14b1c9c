import { NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { Dialog } from '../../../components/Dialog';
import { FormActions } from '../../../components/FormActions';
import { fieldErrors } from '../../../lib/api';
import type { Measurable, MeasurablesList } from '../api';
import { useSaveMeasurableMutation } from '../queries';
import { measurablesText as t } from '../strings';

interface Values {
  sport: string;
  key: string;
  value: number | '';
  measuredOn: string;
  verifiedBy: string;
}

/** The sports to offer: the athlete's own first, then every other. */
function sportsToOffer(list: MeasurablesList) {
  const withKinds = list.catalogue.filter((s) => s.kinds.length > 0);
  const own = list.plays.map((p) => withKinds.find((s) => s.sport === p)).filter((s) => s !== undefined);
  return [...own, ...withKinds.filter((s) => !list.plays.includes(s.sport))];
}

function MeasurableForm({ athleteId, list, item, onDone }: { athleteId: number; list: MeasurablesList; item: Measurable | null; onDone: () => void }) {
  const sports = sportsToOffer(list);
  const form = useForm<Values>({
    initialValues: item
      ? { sport: item.sport, key: item.key, value: item.value, measuredOn: item.measuredOn, verifiedBy: item.verifiedBy }
      : { sport: sports[0]?.sport ?? '', key: '', value: '', measuredOn: dayjs().format('YYYY-MM-DD'), verifiedBy: '' },
    validate: {
      key: (v: string) => (v ? null : t.required),
      value: (v: number | '') => (v === '' ? t.required : null),
      measuredOn: (v: string) => (v ? null : t.required),
    },
  });
  const save = useSaveMeasurableMutation(athleteId);
  const sport = sports.find((s) => s.sport === form.values.sport);
  const kind = sport?.kinds.find((k) => k.key === form.values.key);
  const submit = (v: Values) =>
    save.mutate(
      { id: item?.id, input: { sport: v.sport, key: v.key, value: Number(v.value), measuredOn: v.measuredOn, verifiedBy: v.verifiedBy.trim() } },
      { onSuccess: onDone, onError: (err) => form.setErrors(fieldErrors(err)) },
    );
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t.sport}
            data={sports.map((s) => ({ value: s.sport, label: s.label }))}
            allowDeselect={false}
            {...form.getInputProps('sport')}
            onChange={(v) => {
              form.setFieldValue('sport', v ?? '');
              form.setFieldValue('key', '');
            }}
          />
          <Select
            label={t.kind}
            required
            searchable
            data={(sport?.kinds ?? []).map((k) => ({ value: k.key, label: k.label }))}
            {...form.getInputProps('key')}
            onChange={(v) => form.setFieldValue('key', v ?? '')}
          />
          <NumberInput
            label={t.value(kind?.unit ?? '…')}
            required
            min={kind?.min}
            max={kind?.max}
            decimalScale={2}
            inputMode="decimal"
            {...form.getInputProps('value')}
          />
          <TextInput label={t.measuredOn} type="date" required max={dayjs().format('YYYY-MM-DD')} {...form.getInputProps('measuredOn')} />
        </SimpleGrid>
        <TextInput label={t.verifiedBy} maxLength={200} {...form.getInputProps('verifiedBy')} />
        <FormActions cancel={t.cancel} submit={t.save} onCancel={onDone} pending={save.isPending} />
      </Stack>
    </form>
  );
}

export interface MeasurableFormDialogProps {
  opened: boolean;
  onClose: () => void;
  athleteId: number;
  list: MeasurablesList;
  item: Measurable | null;
}

export function MeasurableFormDialog(props: MeasurableFormDialogProps) {
  return (
    <Dialog opened={props.opened} onClose={props.onClose} title={props.item ? t.editMeasurable : t.addTitle} radius="md">
      <MeasurableForm key={props.item?.id ?? 'new'} athleteId={props.athleteId} list={props.list} item={props.item} onDone={props.onClose} />
    </Dialog>
  );
}
