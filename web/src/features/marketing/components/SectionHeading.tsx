import { Stack, Text, Title } from '@mantine/core';

interface SectionHeadingProps {
  eyebrow?: string;
  title: string;
  description?: string;
  id?: string;
}

/** Centred heading used by each landing page section. */
export function SectionHeading({ eyebrow, title, description, id }: SectionHeadingProps) {
  return (
    <Stack gap="xs" align="center" ta="center" maw={640} mx="auto" mb={40}>
      {eyebrow && (
        <Text size="sm" fw={700} tt="uppercase" c="navy" style={{ letterSpacing: '0.08em' }}>
          {eyebrow}
        </Text>
      )}
      <Title order={2} id={id} fz={{ base: 28, sm: 36 }}>
        {title}
      </Title>
      {description && (
        <Text c="dimmed" size="lg">
          {description}
        </Text>
      )}
    </Stack>
  );
}
