import { ActionIcon, Button, Group, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { shareLink } from '../mediaRules';
import type { BulkShareResult } from '../queries';
import { shareText as t, type SharedAthlete } from '../strings';
import { copyLink } from './copyLink';

interface ShareLinkListProps {
  results: BulkShareResult[];
  athlete: SharedAthlete | null;
  onClose: () => void;
}

/** The links of a bulk share, one per selected item, each with its own copy button. */
export function ShareLinkList({ results, athlete, onClose }: ShareLinkListProps) {
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t.bulkDescription} {t.pagesShow(athlete)}
      </Text>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t.bulkTitle}>
        {results.map(({ item, share }) => (
          <li key={item.id}>
            {share ? (
              <LinkRow title={item.title} url={shareLink(share.shareCode)} />
            ) : (
              <Text size="sm" c="red">
                {t.failedFor(item.title)}
              </Text>
            )}
          </li>
        ))}
      </Stack>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t.close}
        </Button>
      </Group>
    </Stack>
  );
}

function LinkRow({ title, url }: { title: string; url: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end">
      <TextInput
        label={title}
        value={url}
        readOnly
        onFocus={(e) => e.currentTarget.select()}
        style={{ flex: 1, minWidth: 0 }}
        styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '100%' } }}
      />
      <Tooltip label={t.copyFor(title)} withArrow>
        <ActionIcon size={36} variant="light" aria-label={t.copyFor(title)} onClick={() => void copyLink(url)}>
          <IconCopy size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
