import { Group, Input, Rating, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Dialog } from '../../../components/Dialog';
import { fieldErrors } from '../../../lib/api';
import { FormActions } from '../../../components/FormActions';
import type { CollegeInterest, CollegeInterestInput, CollegeStatus } from '../api';
import { useSaveCollegeMutation } from '../queries';
import { collegeDivisions, collegeStatusLabels, recruitingText as t } from '../strings';

const statusOptions = (Object.keys(collegeStatusLabels) as CollegeStatus[]).map((value) => ({ value, label: collegeStatusLabels[value] }));
const empty: CollegeInterestInput = { name: '', division: '', location: '', interest: 3, status: 'researching', notes: '', coachContact: '' };

function CollegeForm({ athleteId, college, onDone }: { athleteId: number; college: CollegeInterest | null; onDone: () => void }) {
  const form = useForm<CollegeInterestInput>({
    initialValues: college ? { ...college } : empty,
    validate: { name: (v: string) => (v.trim() ? null : t.nameRequired) },
  });
  const save = useSaveCollegeMutation(athleteId);
  const submit = (values: CollegeInterestInput) => {
    const { name, division, location, interest, status, notes, coachContact } = values;
    save.mutate(
      { id: college?.id, input: { name: name.trim(), division, location, interest, status, notes, coachContact } },
      { onSuccess: onDone, onError: (err) => form.setErrors(fieldErrors(err)) },
    );
  };
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <TextInput label={t.collegeName} required data-autofocus {...form.getInputProps('name')} />
        <Group grow align="flex-start">
          <Select label={t.division} data={[...collegeDivisions]} clearable {...form.getInputProps('division')} onChange={(v) => form.setFieldValue('division', v ?? '')} />
          <Select label={t.status} data={statusOptions} allowDeselect={false} {...form.getInputProps('status')} />
        </Group>
        <TextInput label={t.location} {...form.getInputProps('location')} />
        <Input.Wrapper label={t.interest}>
          <Rating count={5} {...form.getInputProps('interest')} role="radiogroup" aria-label={t.interest} />
        </Input.Wrapper>
        <TextInput label={t.coachContact} {...form.getInputProps('coachContact')} />
        <Textarea label={t.notes} rows={3} {...form.getInputProps('notes')} />
        <FormActions cancel={t.cancel} submit={t.save} onCancel={onDone} pending={save.isPending} />
      </Stack>
    </form>
  );
}

export function CollegeFormModal({
  opened,
  onClose,
  athleteId,
  college,
}: {
  opened: boolean;
  onClose: () => void;
  athleteId: number;
  college: CollegeInterest | null;
}) {
  return (
    <Dialog opened={opened} onClose={onClose} title={college ? t.editCollege : t.addCollege} radius="md">
      <CollegeForm athleteId={athleteId} college={college} onDone={onClose} />
    </Dialog>
  );
}
