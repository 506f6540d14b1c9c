import { Alert, Button, Card, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '../../../lib/api';
import { validEmail } from '../../auth';
import { grantPlan, revokePlan, type GrantInput } from '../api';
import { summaryKey } from '../queries';
import { opsText as t } from '../strings';

const tiers = [
  { value: 'basic', label: 'Basic' },
  { value: 'premium', label: 'Premium' },
  { value: 'family', label: 'Family' },
];

/** "Grant a plan" on the Operations page: a plan without Stripe, or its end; the audit list shows both. */
export function GrantPlanForm() {
  const client = useQueryClient();
  const refreshAudit = () => client.invalidateQueries({ queryKey: summaryKey });
  const grant = useMutation({ mutationFn: grantPlan, onSuccess: refreshAudit });
  const revoke = useMutation({ mutationFn: revokePlan, onSuccess: refreshAudit });
  const form = useForm<GrantInput>({
    initialValues: { email: '', tier: 'family', until: '' },
    validate: { email: validEmail },
  });
  const last = grant.isSuccess ? t.granted(grant.variables.email, grant.variables.tier) : revoke.isSuccess ? t.revoked(revoke.variables) : null;
  const failure = grant.error ?? revoke.error;

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={t.grantTitle}>
      <form onSubmit={form.onSubmit((values) => grant.mutate({ ...values, email: values.email.trim() }))} noValidate>
        <Stack gap="sm">
          <Title order={2} fz="h3">
            {t.grantTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {t.grantHelp}
          </Text>
          <Group align="flex-start" grow wrap="wrap">
            <TextInput label={t.grantEmail} type="email" miw={220} {...form.getInputProps('email')} />
            <Select label={t.grantTier} data={tiers} allowDeselect={false} miw={140} {...form.getInputProps('tier')} />
            <TextInput label={t.grantUntil} type="date" miw={160} {...form.getInputProps('until')} />
          </Group>
          {last && !failure && (
            <Alert color="teal" variant="light" role="status">
              {last}
            </Alert>
          )}
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {serverMessage(failure) ?? failure.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button
              variant="subtle"
              color="red"
              loading={revoke.isPending}
              onClick={() => {
                if (form.validateField('email').hasError) return;
                grant.reset();
                revoke.mutate(form.values.email.trim());
              }}
            >
              {t.revoke}
            </Button>
            <Button type="submit" loading={grant.isPending} onClick={() => revoke.reset()}>
              {t.grant}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
