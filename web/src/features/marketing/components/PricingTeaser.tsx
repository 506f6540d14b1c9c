import { Badge, Button, Card, Container, Group, List, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';
import { IconCheck } from '@tabler/icons-react';
import classes from './marketing.module.css';
import { CREATE_ACCOUNT_PATH } from './Hero';
import { SectionHeading } from './SectionHeading';

function PlanFeatures({ items }: { items: string[] }) {
  return (
    <List
      spacing="xs"
      size="sm"
      mt="md"
      icon={
        <ThemeIcon size={20} radius="xl" color="navy" variant="light">
          <IconCheck size={13} stroke={2.5} aria-hidden />
        </ThemeIcon>
      }
    >
      {items.map((item) => (
        <List.Item key={item}>{item}</List.Item>
      ))}
    </List>
  );
}

// The spec marks the Free tier "coming soon" and both buttons join the waitlist. Issue 33: sign-up is open
// and every account starts on Free (billing/plans.go), so Free is open to every family and both buttons
// lead to sign-up; Premium is chosen later on /subscription, inside the account (where, with no Stripe
// key configured, the page says billing is not configured and Free goes on working). A signed-in family
// is sent to that page instead: the sign-up page would only send it back here.
const planButtons = {
  free: 'Create a free account', // differs from the spec, issue 33 (above)
  premium: 'Start free, upgrade any time', // differs from the spec, issue 33 (above)
  signedIn: 'Choose your plan',
  freeBadge: 'Open to every family', // the spec's "Coming soon", issue 33 (above)
} as const;

/**
 * Marketing prices (spec section 1); the real plans come from the server on /subscription. What a card
 * lists is what that plan holds (billing/plans.go): nothing Premium lists is missing from Free without
 * Free's card saying how much of it Free has.
 */
export function PricingTeaser({ signedIn }: { signedIn: boolean }) {
  const to = signedIn ? '/subscription' : CREATE_ACCOUNT_PATH;
  return (
    <section className={`${classes.section} ${classes.sectionAlt}`} aria-labelledby="pricing-title">
      <Container size="md">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title="Simple plans for every family"
          description="Start small and upgrade when your athlete’s story grows."
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Card withBorder padding="xl" radius="md">
            <Group justify="space-between" align="center">
              <Title order={3} fz="xl">
                Free
              </Title>
              <Badge color="teal" variant="light">
                {planButtons.freeBadge}
              </Badge>
            </Group>
            <Text fz={40} fw={800} mt="sm" lh={1.1}>
              $0
            </Text>
            <Text c="dimmed" size="sm">
              Get started at no cost
            </Text>
            <PlanFeatures items={['1 athlete, 500MB storage', 'Files up to 50 MB', '10 AI enhancements a month', 'Up to 10 family members']} />
            <Button mt="xl" fullWidth variant="light" component={Link} to={to}>
              {signedIn ? planButtons.signedIn : planButtons.free}
            </Button>
          </Card>
          <Card withBorder padding="xl" radius="md" className={classes.featuredPlan}>
            <Group justify="space-between" align="center">
              <Title order={3} fz="xl">
                Premium
              </Title>
              <Badge color="gold.4" variant="filled" autoContrast>
                Most Popular
              </Badge>
            </Group>
            <Group gap={4} align="baseline" mt="sm">
              <Text fz={40} fw={800} lh={1.1}>
                $19
              </Text>
              <Text c="dimmed">/month</Text>
            </Group>
            <Text c="dimmed" size="sm">
              Everything you need to preserve the journey
            </Text>
            <PlanFeatures items={['100 GB of storage', 'Files up to 2 GB (whole games)', 'Unlimited AI enhancements', 'Up to 50 family members']} />
            <Button mt="xl" fullWidth component={Link} to={to}>
              {signedIn ? planButtons.signedIn : planButtons.premium}
            </Button>
          </Card>
        </SimpleGrid>
      </Container>
    </section>
  );
}
