import { Card, Stack, Text, Title } from '@mantine/core';
import { useUser } from '../../auth';
import { accountText as t } from '../strings';
import { NameForm } from './NameForm';
import { PasswordForm } from './PasswordForm';

/** /profile: the signed-in user's name and password. ProtectedRoute guarantees a user. */
export function AccountProfile() {
  const { user } = useUser();
  if (!user) return null;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz="h2">
          {t.title}
        </Title>
        <Text c="dimmed">{t.subtitle}</Text>
      </div>
      <Card withBorder radius="md" padding="lg" component="section" aria-label={t.detailsTitle}>
        <Title order={2} fz="h4" mb="md">
          {t.detailsTitle}
        </Title>
        <NameForm key={user.id} user={user} />
      </Card>
      <Card withBorder radius="md" padding="lg" component="section" aria-label={t.passwordTitle}>
        <Title order={2} fz="h4" mb="md">
          {t.passwordTitle}
        </Title>
        <PasswordForm />
      </Card>
    </Stack>
  );
}
