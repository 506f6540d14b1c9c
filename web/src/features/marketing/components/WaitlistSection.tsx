import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { WaitlistForm } from '../../waitlist';
import classes from './marketing.module.css';

/**
 * The landing page's news list (the waitlist's form): for a visitor not ready to sign up yet. Its
 * outcome shows as the spec's page-level toasts.
 */
export function WaitlistSection({ inputId }: { inputId: string }) {
  return (
    <section id="waitlist" className={`${classes.section} ${classes.sectionAlt}`} aria-labelledby="waitlist-title">
      <Container size="sm">
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} shadow="sm">
          <Stack gap="sm" align="stretch">
            <Title order={2} id="waitlist-title" ta="center" fz={{ base: 26, sm: 32 }}>
              Not ready yet?
            </Title>
            <Text c="dimmed" ta="center" mb="sm">
              Sign-up is open and free. If you would rather wait, leave your e-mail and we’ll send you news of Legacy Locker now and then.
            </Text>
            <WaitlistForm feedback="toast" inputId={inputId} size="md" />
          </Stack>
        </Paper>
      </Container>
    </section>
  );
}
