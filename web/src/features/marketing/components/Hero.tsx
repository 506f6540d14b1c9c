import { Badge, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import classes from './marketing.module.css';

interface HeroProps {
  signedIn: boolean;
}

/** Where a visitor creates an account: sign-up is open, and the first plan is free. */
export const CREATE_ACCOUNT_PATH = '/early-access?tab=create-account';

// The spec's landing page collects waitlist sign-ups ("Join the Waitlist"). Issue 33: sign-up is open and
// every account starts on Free, so its main button creates a free account; the waitlist stays a news list
// for a visitor not ready yet (WaitlistSection), and its endpoint keeps working.
const CREATE_ACCOUNT = 'Create a free account'; // differs from the spec, issue 33 (above)

/** The landing page's opening: what the product is, for whom, and the calls to action. */
export function Hero({ signedIn }: HeroProps) {
  return (
    <Box component="section" className={classes.hero} aria-labelledby="hero-title">
      <Container size="md" py={{ base: 56, sm: 96 }}>
        <Stack align="center" ta="center" gap="lg">
          <Badge color="gold" variant="light" size="lg" radius="sm" autoContrast>
            Now in early access
          </Badge>
          <Title order={1} id="hero-title" className={classes.heroTitle}>
            Every game, every milestone, kept safe for your athlete’s future
          </Title>
          <Text size="xl" maw={640} className={classes.heroLead}>
            Legacy Locker is a private legacy journal and recruiting tracker for youth athletes and their families.
            Capture the journey, share it only with the people you invite, and keep recruiting on track.
          </Text>
          <Group justify="center" gap="sm" mt="sm" w={{ base: '100%', xs: 'auto' }}>
            {signedIn ? (
              <Button component={Link} to="/dashboard" size="lg" w={{ base: '100%', xs: 'auto' }} color="gold.4" autoContrast rightSection={<IconArrowRight size={18} />}>
                Go to Dashboard
              </Button>
            ) : (
              <Button component={Link} to={CREATE_ACCOUNT_PATH} size="lg" w={{ base: '100%', xs: 'auto' }} color="gold.4" autoContrast>
                {CREATE_ACCOUNT}
              </Button>
            )}
            <Button component={Link} to="/demo" size="lg" w={{ base: '100%', xs: 'auto' }} variant="white" color="navy">
              View Demo
            </Button>
          </Group>
          <Text size="sm" className={classes.heroNote}>
            <IconLock size={15} aria-hidden style={{ verticalAlign: '-2px', marginRight: 6 }} />
            Private by default. Shared only with the family and coaches you invite.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
