import { useState } from 'react';
import { Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconCopy, IconLink, IconPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { copyLink } from '../../media';
import type { CoachLink } from '../api';
import { opensLine, watchedLine } from '../coachLinkRules';
import { useCoachLinksQuery, useRevokeCoachLinkMutation } from '../queries';
import { coachLinkText as t } from '../strings';
import { CoachLinkDialog } from './CoachLinkDialog';

function LinkRow({ link, onEdit, onRevoke }: { link: CoachLink; onEdit: () => void; onRevoke: () => void }) {
  const active = link.state === 'active';
  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-label={`Coach link for ${link.coachName}`}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs">
            <IconLink size={16} aria-hidden />
            <Text fw={600} size="sm">
              {link.coachName}
            </Text>
            {link.state === 'revoked' && <Badge color="gray">{t.revoked}</Badge>}
            {link.state === 'expired' && <Badge color="gray">{t.expired}</Badge>}
          </Group>
          {active && (
            <Text size="xs" c="dimmed">
              {t.expiresOn(dayjs(link.expiresAt).format('MMM D, YYYY'))}
            </Text>
          )}
        </Group>
        <Text size="sm" data-testid="link-opens">
          {opensLine(link)}
        </Text>
        {link.receipts.clips.map((clip) => (
          <Text key={clip.mediaId} size="sm" c="dimmed" data-testid="link-watched">
            {watchedLine(clip)}
          </Text>
        ))}
        {active && (
          <Group gap="xs" mt={4}>
            <Button size="xs" variant="light" leftSection={<IconCopy size={14} />} onClick={() => void copyLink(link.url)}>
              {t.copy}
            </Button>
            <Button size="xs" variant="subtle" onClick={onEdit}>
              {t.edit}
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={onRevoke}>
              {t.revoke}
            </Button>
            <Anchor href={link.url} target="_blank" rel="noreferrer" size="xs" style={{ overflowWrap: 'anywhere' }}>
              {link.url}
            </Anchor>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

/** A college's coach links, with what each coach opened and watched; made and managed by those who edit. */
export function CoachLinks({ athleteId, collegeId }: { athleteId: number; collegeId: number }) {
  const links = useCoachLinksQuery(collegeId);
  const revoke = useRevokeCoachLinkMutation(collegeId);
  const [dialog, setDialog] = useState<{ opened: boolean; link: CoachLink | null }>({ opened: false, link: null });
  return (
    <Stack gap="xs" mt="sm">
      <Group justify="space-between">
        <Text size="sm" fw={600}>
          {t.section}
        </Text>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setDialog({ opened: true, link: null })}>
          {t.newLink}
        </Button>
      </Group>
      {links.data?.length === 0 && (
        <Text size="xs" c="dimmed">
          {t.noLinks}
        </Text>
      )}
      {links.data?.map((link) => (
        <LinkRow
          key={link.id}
          link={link}
          onEdit={() => setDialog({ opened: true, link })}
          onRevoke={() => window.confirm(t.confirmRevoke) && revoke.mutate(link.id)}
        />
      ))}
      <CoachLinkDialog
        opened={dialog.opened}
        onClose={() => setDialog((d) => ({ ...d, opened: false }))}
        athleteId={athleteId}
        collegeId={collegeId}
        link={dialog.link}
      />
    </Stack>
  );
}
