import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { shareText as t } from '../strings';

/** Spec: the footer invites visitors to create their own account. */
export function JoinCta() {
  return (
    <Paper radius="lg" p={{ base: 'lg', sm: 'xl' }} bg="navy.0">
      <Stack gap="sm" align="flex-start">
        <Title order={2} fz="h3">
          {t.ctaTitle}
        </Title>
        <Text c="dimmed">{t.ctaText}</Text>
        <Button component={Link} to="/early-access" rightSection={<IconArrowRight size={16} aria-hidden />}>
          {t.ctaButton}
        </Button>
      </Stack>
    </Paper>
  );
}
