import { Group, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Dialog } from '../../../components/Dialog';
import { fieldErrors } from '../../../lib/api';
import { FormActions } from '../../../components/FormActions';
import { todayIso } from '../../../lib/format';
import type { Milestone, MilestoneInput, MilestoneType } from '../api';
import { useSaveMilestoneMutation } from '../queries';
import { milestoneText as t, milestoneTypeLabels } from '../strings';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const typeOptions = (Object.keys(milestoneTypeLabels) as MilestoneType[]).map((value) => ({
  value,
  label: milestoneTypeLabels[value],
}));

interface MilestoneFormProps {
  athleteId: number;
  milestone: Milestone | null;
  onDone: () => void;
}

function MilestoneForm({ athleteId, milestone, onDone }: MilestoneFormProps) {
  const form = useForm<MilestoneInput>({
    initialValues: milestone
      ? { title: milestone.title, date: milestone.date, type: milestone.type, description: milestone.description }
      : { title: '', date: todayIso(), type: 'achievement', description: '' },
    validate: {
      title: (v: string) => (v.trim() ? null : t.titleRequired),
      date: (v: string) => (ISO_DATE.test(v) ? null : t.dateRequired),
    },
  });
  const save = useSaveMilestoneMutation(athleteId);
  const submit = (values: MilestoneInput) =>
    save.mutate(
      { id: milestone?.id, input: { ...values, title: values.title.trim(), description: values.description.trim() } },
      { onSuccess: onDone, onError: (err) => form.setErrors(fieldErrors(err)) },
    );
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <TextInput label={t.title} required data-autofocus {...form.getInputProps('title')} />
        <Group grow align="flex-start">
          <TextInput label={t.date} type="date" required {...form.getInputProps('date')} />
          <Select label={t.type} data={typeOptions} allowDeselect={false} {...form.getInputProps('type')} />
        </Group>
        <Textarea label={t.description} rows={4} {...form.getInputProps('description')} />
        <FormActions cancel={t.cancel} submit={t.save} onCancel={onDone} pending={save.isPending} />
      </Stack>
    </form>
  );
}

/** The add/edit milestone dialog; the form mounts fresh on every open. */
export function MilestoneFormModal({
  opened,
  onClose,
  athleteId,
  milestone,
}: {
  opened: boolean;
  onClose: () => void;
  athleteId: number;
  milestone: Milestone | null;
}) {
  return (
    <Dialog opened={opened} onClose={onClose} title={milestone ? t.editMilestone : t.addMilestone} radius="md">
      <MilestoneForm athleteId={athleteId} milestone={milestone} onDone={onClose} />
    </Dialog>
  );
}
