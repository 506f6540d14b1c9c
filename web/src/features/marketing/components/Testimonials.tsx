import { Card, Container, SimpleGrid, Text } from '@mantine/core';
import { IconQuote } from '@tabler/icons-react';
import classes from './marketing.module.css';
import { SectionHeading } from './SectionHeading';

interface Testimonial {
  quote: string;
  name: string;
}

const testimonials: Testimonial[] = [
  {
    quote: 'Every tournament photo used to live on three different phones. Now her whole journey is in one place, and only our family can see it.',
    name: 'Maria G., softball mom',
  },
  {
    quote: 'When coaches started asking for stats and video, we had everything ready in minutes instead of digging through old texts.',
    name: 'Derrick T., baseball dad',
  },
  {
    quote: 'Scrolling back through my timeline before a big game reminds me how far I’ve come.',
    name: 'Jaylen R., high school shortstop',
  },
];

export function Testimonials() {
  return (
    <section className={classes.section} aria-labelledby="testimonials-title">
      <Container size="lg">
        <SectionHeading id="testimonials-title" eyebrow="Testimonials" title="What families are saying" />
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          {testimonials.map(({ quote, name }) => (
            <Card key={name} component="figure" withBorder padding="lg" radius="md" m={0}>
              <IconQuote size={28} color="var(--mantine-color-gold-6)" aria-hidden />
              <Text component="blockquote" m={0} mt="sm" size="md" style={{ fontStyle: 'italic' }}>
                “{quote}”
              </Text>
              <Text component="figcaption" mt="md" fw={600} size="sm">
                {name}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
