import { Container, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { ContactForm, SupportDetails } from '../features/contact';

export function ContactPage() {
  return (
    <Container size="lg" py={{ base: 32, sm: 64 }}>
      <Stack gap="xs" mb="xl">
        <Title order={1} fz={{ base: 30, sm: 40 }}>
          Contact Us
        </Title>
        <Text c="dimmed" size="lg" maw={620}>
          Questions about Legacy Locker, early access or your account? Send us a note and we’ll get back to you.
        </Text>
      </Stack>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} shadow="sm">
            <ContactForm />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <SupportDetails />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
