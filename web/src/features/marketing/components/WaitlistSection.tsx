import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { WaitlistForm } from '../../waitlist';
import classes from './marketing.module.css';

/** The landing page's waitlist form; its outcome shows as the spec's page-level toasts. */
export function WaitlistSection({ inputId }: { inputId: string }) {
  return (
    <section id="waitlist" className={`${classes.section} ${classes.sectionAlt}`} aria-labelledby="waitlist-title">
      <Container size="sm">
        <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} shadow="sm">
          <Stack gap="sm" align="stretch">
            <Title order={2} id="waitlist-title" ta="center" fz={{ base: 26, sm: 32 }}>
              Join the Waitlist
            </Title>
            <Text c="dimmed" ta="center" mb="sm">
              We’re opening Legacy Locker to families in waves. Leave your e-mail and we’ll let you know when it’s your turn.
            </Text>
            <WaitlistForm feedback="toast" inputId={inputId} size="md" />
          </Stack>
        </Paper>
      </Container>
    </section>
  );
}
