import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { fieldErrors } from '../../../lib/api';
import type { User } from '../../auth';
import { accountText as t } from '../strings';
import { useUpdateNameMutation } from '../queries';
import { nameRules, type NameValues } from '../validation';

/** E-mail (read-only) and the first and last name. */
export function NameForm({ user }: { user: User }) {
  const form = useForm<NameValues>({
    initialValues: { firstName: user.firstName, lastName: user.lastName },
    validate: nameRules,
  });
  const update = useUpdateNameMutation();

  const submit = (values: NameValues) =>
    update.mutate(
      { firstName: values.firstName.trim(), lastName: values.lastName.trim() },
      {
        onSuccess: (saved) => form.resetDirty({ firstName: saved.firstName, lastName: saved.lastName }),
        onError: (err) => form.setErrors(fieldErrors(err)),
      },
    );

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <TextInput label={t.email} description={t.emailHint} value={user.email} readOnly variant="filled" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t.firstName} required autoComplete="given-name" {...form.getInputProps('firstName')} />
          <TextInput label={t.lastName} required autoComplete="family-name" {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={update.isPending}>
            {t.saveName}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
