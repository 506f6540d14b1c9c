import { Badge, SimpleGrid, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { SectionCard } from '../../../components/SectionCard';
import { ACCESS_LEVELS } from '../api';
import { accessLevelDescriptions, accessLevelLabels, levelsCardText as t } from '../strings';

/** 'Access Levels Explained': the four levels and what each may do (spec section 6). */
export function AccessLevelsCard() {
  return (
    <SectionCard title={t.title} subtitle={t.subtitle} icon={<IconShieldCheck size={20} />}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg" verticalSpacing="md" component="dl" m={0}>
        {ACCESS_LEVELS.map((level) => (
          <div key={level}>
            <Text component="dt" fw={600} size="sm">
              <Badge variant="light" radius="sm" tt="none" size="md">
                {accessLevelLabels[level]}
              </Badge>
            </Text>
            <Text component="dd" size="sm" c="dimmed" ms={0} mt={4}>
              {accessLevelDescriptions[level]}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}
