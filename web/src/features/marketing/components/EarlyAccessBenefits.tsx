import { Alert, Anchor, List, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { IconCircleCheck, IconLockAccess } from '@tabler/icons-react';
import { earlyAccessBenefits } from '../../../lib/messages';

/** The portal's benefits list and the note that access is by invitation. */
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
      <Alert mt="xl" color="navy" variant="light" icon={<IconLockAccess size={18} />} title="Invitation only">
        Access is currently limited to invited members. Not invited yet?{' '}
        <Anchor component={Link} to="/coming-soon" inherit fw={600} c="inherit" underline="always">
          Join the waitlist
        </Anchor>{' '}
        and we’ll reach out.
      </Alert>
    </Paper>
  );
}
