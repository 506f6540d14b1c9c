import { Alert, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Dialog } from '../../../components/Dialog';
import { FormActions } from '../../../components/FormActions';
import { fieldErrors } from '../../../lib/api';
import type { Side } from '../../../lib/measurables';
import type { RecruitingProfile, RecruitingProfileInput } from '../api';
import { useDocumentsQuery, useSaveRecruitingProfileMutation } from '../queries';
import { measurablesText as t } from '../strings';

interface Values {
  feet: number | '';
  inches: number | '';
  weightLb: number | '';
  dominantHand: Side;
  dominantFoot: Side;
  satScore: number | '';
  satTakenOn: string;
  actScore: number | '';
  actTakenOn: string;
  ncaaId: string;
  intendedMajor: string;
  transcript: string | null;
}

function valuesOf(p: RecruitingProfile): Values {
  const h = p.heightIn;
  return {
    feet: h == null ? '' : Math.floor(h / 12),
    inches: h == null ? '' : Math.round((h - Math.floor(h / 12) * 12) * 10) / 10,
    weightLb: p.weightLb ?? '',
    dominantHand: p.dominantHand,
    dominantFoot: p.dominantFoot,
    satScore: p.satScore ?? '',
    satTakenOn: p.satTakenOn ?? '',
    actScore: p.actScore ?? '',
    actTakenOn: p.actTakenOn ?? '',
    ncaaId: p.ncaaId,
    intendedMajor: p.intendedMajor,
    transcript: p.transcript ? String(p.transcript.id) : null,
  };
}

const num = (v: number | '') => (v === '' ? null : v);

function inputOf(v: Values): RecruitingProfileInput {
  const height = v.feet === '' && v.inches === '' ? null : Number(v.feet || 0) * 12 + Number(v.inches || 0);
  return {
    heightIn: height,
    weightLb: num(v.weightLb),
    dominantHand: v.dominantHand,
    dominantFoot: v.dominantFoot,
    satScore: num(v.satScore),
    satTakenOn: v.satTakenOn || null,
    actScore: num(v.actScore),
    actTakenOn: v.actTakenOn || null,
    ncaaId: v.ncaaId.trim(),
    intendedMajor: v.intendedMajor.trim(),
    transcriptMediaId: v.transcript ? Number(v.transcript) : null,
  };
}

function ProfileForm({ athleteId, profile, askFoot, onDone }: { athleteId: number; profile: RecruitingProfile; askFoot: boolean; onDone: () => void }) {
  const form = useForm<Values>({ initialValues: valuesOf(profile) });
  const save = useSaveRecruitingProfileMutation(athleteId);
  const documents = useDocumentsQuery(athleteId, true);
  const options = (documents.data ?? []).map((d) => ({ value: String(d.id), label: d.title || `PDF ${d.id}` }));
  const chosen = documents.data?.find((d) => String(d.id) === form.values.transcript);
  const submit = (values: Values) =>
    save.mutate(inputOf(values), {
      onSuccess: onDone,
      onError: (err) => {
        const errors = fieldErrors(err);
        form.setErrors({ ...errors, feet: errors.heightIn, transcript: errors.transcriptMediaId });
      },
    });
  const side = (field: 'dominantHand' | 'dominantFoot', label: string) => (
    <Select label={label} data={t.sides} clearable {...form.getInputProps(field)} onChange={(v) => form.setFieldValue(field, (v ?? '') as Side)} />
  );
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
          <NumberInput label={t.heightFeet} min={3} max={8} allowDecimal={false} data-autofocus {...form.getInputProps('feet')} />
          <NumberInput label={t.heightInches} min={0} max={11.9} decimalScale={1} {...form.getInputProps('inches')} />
          <NumberInput label={t.weight} min={50} max={500} decimalScale={1} {...form.getInputProps('weightLb')} />
          {side('dominantHand', t.hand)}
          {(askFoot || profile.dominantFoot !== '') && side('dominantFoot', t.foot)}
        </SimpleGrid>
        <SimpleGrid cols={2} spacing="sm">
          <NumberInput label={t.sat} min={400} max={1600} step={10} allowDecimal={false} {...form.getInputProps('satScore')} />
          <TextInput label={t.satDate} type="date" {...form.getInputProps('satTakenOn')} />
          <NumberInput label={t.act} min={1} max={36} allowDecimal={false} {...form.getInputProps('actScore')} />
          <TextInput label={t.actDate} type="date" {...form.getInputProps('actTakenOn')} />
        </SimpleGrid>
        <TextInput label={t.ncaaId} inputMode="numeric" maxLength={14} {...form.getInputProps('ncaaId')} />
        <TextInput label={t.major} maxLength={120} {...form.getInputProps('intendedMajor')} />
        <Select
          label={t.transcript}
          data={options}
          clearable
          searchable
          disabled={documents.isSuccess && options.length === 0}
          placeholder={documents.isSuccess && options.length === 0 ? t.transcriptNone : undefined}
          {...form.getInputProps('transcript')}
        />
        {chosen?.isPrivate && (
          <Alert color="yellow" variant="light" p="xs">
            {t.transcriptPrivate}
          </Alert>
        )}
        <Group justify="flex-end">
          <FormActions cancel={t.cancel} submit={t.save} onCancel={onDone} pending={save.isPending} />
        </Group>
      </Stack>
    </form>
  );
}

export interface ProfileFormDialogProps {
  opened: boolean;
  onClose: () => void;
  athleteId: number;
  profile: RecruitingProfile;
  askFoot: boolean;
}

export function ProfileFormDialog(props: ProfileFormDialogProps) {
  return (
    <Dialog opened={props.opened} onClose={props.onClose} title={t.editTitle} radius="md">
      <ProfileForm athleteId={props.athleteId} profile={props.profile} askFoot={props.askFoot} onDone={props.onClose} />
    </Dialog>
  );
}
