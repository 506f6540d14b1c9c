import { Anchor, Badge, Group, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconExternalLink, IconAlertTriangle } from '@tabler/icons-react';
import { recruitingText as t } from '../strings';

/** The source of an NCAA date, and whether it was checked: every NCAA date the app shows carries one. */
export function SourceBadges({ sourceUrl, verified, division }: { sourceUrl: string; verified: boolean; division?: string }) {
  return (
    <Group gap={6} wrap="wrap">
      {division && (
        <Badge size="xs" variant="outline" color="navy">
          {division}
        </Badge>
      )}
      {verified ? (
        <Badge size="xs" variant="light" color="green" leftSection={<IconCircleCheck size={10} />}>
          {t.ncaaOfficial}
        </Badge>
      ) : (
        <Tooltip label={t.unverifiedHint} multiline w={240}>
          <Badge size="xs" variant="light" color="orange" leftSection={<IconAlertTriangle size={10} />}>
            {t.unverified}
          </Badge>
        </Tooltip>
      )}
      {sourceUrl && (
        <Anchor href={sourceUrl} target="_blank" rel="noreferrer" size="xs">
          <Group gap={2} component="span" wrap="nowrap">
            {t.source}
            <IconExternalLink size={10} aria-hidden />
          </Group>
        </Anchor>
      )}
    </Group>
  );
}
