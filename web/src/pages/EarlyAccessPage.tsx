import { useState } from 'react';
import { Anchor, Center, Container, Group, Loader, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useUser } from '../features/auth';
import { CreateAccountForm, EarlyAccessBenefits, SignInForm } from '../features/marketing';

export function EarlyAccessPage() {
  const { user, isLoading } = useUser();
  // ?tab=create-account: the landing page's "Create a free account" opens that tab.
  const [params] = useSearchParams();
  const initialTab = params.get('tab') === 'create-account' ? 'create-account' : 'sign-in';
  // Only a visitor who arrives signed in is sent to /. Someone who signs in here gets the user cached before
  // the login hook's navigation to /dashboard lands, and must not be diverted to / by this page.
  const [arrivedSignedOut, setArrivedSignedOut] = useState(false);
  if (!isLoading && !user && !arrivedSignedOut) setArrivedSignedOut(true);

  if (isLoading) {
    return (
      <Center h="60vh">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (user && !arrivedSignedOut) return <Navigate to="/" replace />;

  return (
    <Container size="lg" py={{ base: 32, sm: 64 }}>
      <Stack gap="xs" mb="xl" align="center" ta="center">
        <Title order={1} fz={{ base: 30, sm: 40 }}>
          Early Access Portal
        </Title>
        <Text c="dimmed" size="lg" maw={560}>
          Sign in to your Legacy Locker account, or create one: sign-up is open.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm">
          <Tabs defaultValue={initialTab}>
            <Tabs.List grow mb="lg">
              <Tabs.Tab value="sign-in">Sign In</Tabs.Tab>
              <Tabs.Tab value="create-account">Create Account</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="sign-in">
              <SignInForm />
            </Tabs.Panel>
            <Tabs.Panel value="create-account">
              <CreateAccountForm />
            </Tabs.Panel>
          </Tabs>
        </Paper>
        <EarlyAccessBenefits />
      </SimpleGrid>
      <Group justify="center" mt="xl">
        <Anchor component={Link} to="/" size="sm">
          <Group gap={6} component="span">
            <IconArrowLeft size={16} aria-hidden />
            Back to homepage
          </Group>
        </Anchor>
      </Group>
    </Container>
  );
}
