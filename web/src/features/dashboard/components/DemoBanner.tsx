import { Button, Flex, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { Link } from 'react-router';
import { demoText as t } from '../strings';

/** Tells a visitor the athlete on /demo is a sample and where to get their own. */
export function DemoBanner() {
  return (
    <Paper withBorder radius="md" p="md" bg="var(--mantine-color-gold-light)" style={{ borderColor: 'var(--mantine-color-gold-light-hover)' }}>
      <Flex gap="md" align={{ base: 'flex-start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
        <Flex gap="sm" align="center" style={{ flex: 1 }}>
          <ThemeIcon color="gold" variant="filled" radius="xl" size="lg" autoContrast>
            <IconSparkles size={18} />
          </ThemeIcon>
          <Text fw={500}>
            {t.banner}
          </Text>
        </Flex>
        <Button component={Link} to="/early-access" color="navy">
          {t.cta}
        </Button>
      </Flex>
    </Paper>
  );
}
