import { Card, Container, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconPhotoUp,
  IconShieldLock,
  IconSparkles,
  IconTimeline,
  IconTrophy,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import classes from './marketing.module.css';
import { SectionHeading } from './SectionHeading';

interface Feature {
  title: string;
  description: string;
  icon: Icon;
}

// The spec's six landing features, in its order.
const features: Feature[] = [
  { title: 'Upload & Tag Any Media', description: 'Add photos, videos and documents, then tag them by season, team and moment.', icon: IconPhotoUp },
  { title: 'Secure Private Storage', description: 'Everything stays private to your family unless you choose to share it.', icon: IconShieldLock },
  { title: 'AI-Generated Highlights', description: 'Turn journal entries and clips into season summaries and highlight notes.', icon: IconSparkles },
  { title: 'Invite-Only Family Sharing', description: 'Bring grandparents, coaches and friends into the loop by invitation only.', icon: IconUsersGroup },
  { title: 'Timeline of Milestones', description: 'See first games, personal bests and big moments on one clear timeline.', icon: IconTimeline },
  { title: 'Athletic Achievement Showcase', description: 'Gather stats, awards and highlights into a profile ready for recruiters.', icon: IconTrophy },
];

export function FeatureGrid() {
  return (
    <section className={classes.section} aria-labelledby="features-title">
      <Container size="lg">
        <SectionHeading
          id="features-title"
          eyebrow="Features"
          title="One private home for the whole journey"
          description="From the first practice to the first recruiting call, keep it organised and keep it yours."
        />
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {features.map(({ title, description, icon: Icon }) => (
            <Card key={title} withBorder padding="lg" radius="md">
              <ThemeIcon size={44} radius="md" variant="light" color="navy">
                <Icon size={24} stroke={1.6} aria-hidden />
              </ThemeIcon>
              <Title order={3} fz="lg" mt="md">
                {title}
              </Title>
              <Text c="dimmed" size="sm" mt={6}>
                {description}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
