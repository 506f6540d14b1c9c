import { Alert, Anchor, List, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { IconCircleCheck, IconDoorEnter } from '@tabler/icons-react';
import { earlyAccessBenefits } from '../../../lib/messages';

/**
 * The portal's benefits list and who may join. Sign-up is open (anyone can create an account; nothing
 * on the server asks for an invitation), so the note says so instead of the spec's "limited to invited
 * members", which was not true (issue 11).
 */
export function EarlyAccessBenefits() {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} h="100%">
      <Title order={2} fz="lg">
        Early-access benefits
      </Title>
      <Text c="dimmed" size="sm" mt={4}>
        Founding families help shape Legacy Locker, and get a little extra for it.
      </Text>
      <List
        spacing="sm"
        mt="lg"
        icon={
          <ThemeIcon size={22} radius="xl" color="navy" variant="light">
            <IconCircleCheck size={15} aria-hidden />
          </ThemeIcon>
        }
      >
        {earlyAccessBenefits.map((benefit) => (
          <List.Item key={benefit}>{benefit}</List.Item>
        ))}
      </List>
      <Alert mt="xl" color="navy" variant="light" icon={<IconDoorEnter size={18} />} title="Open to every family">
        Anyone can create an account today, and families who join during early access keep these benefits.
        Not ready yet?{' '}
        <Anchor component={Link} to="/coming-soon" inherit fw={600} c="inherit" underline="always">
          Join the waitlist
        </Anchor>{' '}
        and we’ll tell you when we launch.
      </Alert>
    </Paper>
  );
}
