import type { ReactNode } from 'react';
import { Container, Divider, Stack, Text, Title } from '@mantine/core';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

interface LegalDocumentProps {
  title: string;
  /** Lines under the title, such as the effective date. */
  meta: string[];
  intro: ReactNode;
  sections: LegalSection[];
}

/** Shared layout of the Terms and Privacy pages: numbered sections at a readable line length. */
export function LegalDocument({ title, meta, intro, sections }: LegalDocumentProps) {
  return (
    <Container size="sm" py={{ base: 32, sm: 64 }}>
      <Title order={1} fz={{ base: 30, sm: 40 }}>
        {title}
      </Title>
      {meta.map((line) => (
        <Text key={line} c="dimmed" size="sm" mt={6}>
          {line}
        </Text>
      ))}
      <Text mt="lg">{intro}</Text>
      <Divider my="xl" />
      <Stack component="ol" gap="xl" p={0} m={0} style={{ listStyle: 'none' }}>
        {sections.map((section, index) => (
          <Stack component="li" key={section.heading} gap="xs">
            <Title order={2} fz="xl">
              {index + 1}. {section.heading}
            </Title>
            <Stack gap="sm" c="var(--mantine-color-text)" fz="md" lh={1.65}>
              {section.body}
            </Stack>
          </Stack>
        ))}
      </Stack>
    </Container>
  );
}
