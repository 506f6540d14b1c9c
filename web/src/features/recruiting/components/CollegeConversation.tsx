import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Button, Group, Menu, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconDots, IconMail, IconPlus, IconX } from '@tabler/icons-react';
import { useCurrentAthlete } from '../../../lib/currentAthlete';
import { dateLabel } from '../../../lib/format';
import type { CollegeContact, CollegeInterest } from '../api';
import { coachMailto, newestActiveLink } from '../outreachRules';
import { useCoachLinksQuery, useContactMutation, useContactsQuery, useOutreachMutation, useOutreachQuery } from '../queries';
import { outreachKindLabels, outreachText as t } from '../strings';
import { ContactDialog, OutreachDialog } from './OutreachDialogs';

/**
 * "E-mail this coach": an ordinary mailto: link, so the family's own mail app writes the message (with the
 * college's newest coach link) and the conversation stays in their inbox. Once clicked, logging it is one tap.
 */
function EmailCoach({ college, contact }: { college: CollegeInterest; contact: CollegeContact | null }) {
  const athlete = useCurrentAthlete().athlete;
  const link = newestActiveLink(useCoachLinksQuery(college.id).data);
  const log = useOutreachMutation(college.id);
  const [clicked, setClicked] = useState(false);
  if (!athlete) return null;
  const href = coachMailto({
    to: contact?.email || link?.coachEmail || '',
    coachName: contact?.name || link?.coachName || '',
    athleteName: athlete.name,
    sports: athlete.sports,
    position: athlete.position,
    classOf: athlete.graduationYear,
    collegeName: college.name,
    linkUrl: link?.url ?? null,
  });
  const who = contact?.name ?? college.name;
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        component="a"
        href={href}
        size="xs"
        variant="light"
        leftSection={<IconMail size={14} />}
        onClick={() => {
          setClicked(true);
          log.reset();
        }}
        aria-label={`${t.emailCoach}: ${who}`}
        title={t.emailCoachHint}
      >
        {t.emailCoach}
      </Button>
      {clicked &&
        (log.isSuccess ? (
          <Badge color="green" variant="light" leftSection={<IconCheck size={12} />}>
            {t.logged}
          </Badge>
        ) : (
          <Button size="xs" variant="filled" loading={log.isPending} onClick={() => log.mutate({ input: { kind: 'email_sent', contactId: contact?.id ?? null } })}>
            {t.logThisEmail}
          </Button>
        ))}
    </Group>
  );
}

function ContactRow({ college, contact, canEdit, onEdit }: { college: CollegeInterest; contact: CollegeContact; canEdit: boolean; onEdit: () => void }) {
  const remove = useContactMutation(college.id);
  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-label={`Contact ${contact.name}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={2} miw={0}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {contact.name}
            {contact.role && (
              <Text span size="sm" c="dimmed" fw={400}>
                {' · '}
                {contact.role}
              </Text>
            )}
          </Text>
          {contact.email && (
            <Anchor href={`mailto:${contact.email}`} size="xs" style={{ overflowWrap: 'anywhere' }}>
              {contact.email}
            </Anchor>
          )}
          {contact.phone && (
            <Anchor href={`tel:${contact.phone.replace(/[^0-9+]/g, '')}`} size="xs">
              {contact.phone}
            </Anchor>
          )}
        </Stack>
        {canEdit && (
          <Menu position="bottom-end">
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${contact.name}`}>
                <IconDots size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={onEdit}>{t.edit}</Menu.Item>
              <Menu.Item color="red" onClick={() => window.confirm(t.confirmRemoveContact) && remove.mutate({ id: contact.id, remove: true })}>
                {t.remove}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
      {canEdit && (
        <Group mt={6}>
          <EmailCoach college={college} contact={contact} />
        </Group>
      )}
    </Paper>
  );
}

function OutreachLog({ college, contacts, canEdit }: { college: CollegeInterest; contacts: CollegeContact[]; canEdit: boolean }) {
  const log = useOutreachQuery(college.id);
  const remove = useOutreachMutation(college.id);
  const names = new Map(contacts.map((c) => [c.id, c.name]));
  return (
    <Stack gap={6} component="section" aria-label={`${t.log}: ${college.name}`}>
      {log.items.length === 0 && !log.isLoading && (
        <Text size="xs" c="dimmed">
          {t.noLog}
        </Text>
      )}
      {log.items.map((entry) => (
        <Group key={entry.id} gap="xs" wrap="nowrap" align="flex-start" data-testid="outreach-entry">
          <Badge size="sm" variant="light" color="navy" style={{ flexShrink: 0 }}>
            {outreachKindLabels[entry.kind]}
          </Badge>
          <Stack gap={0} miw={0} style={{ flex: 1 }}>
            <Text size="xs" c="dimmed">
              {dateLabel(entry.date)}
              {entry.contactId !== null && names.has(entry.contactId) && ` · ${names.get(entry.contactId)}`}
            </Text>
            {entry.note && (
              <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                {entry.note}
              </Text>
            )}
          </Stack>
          {canEdit && (
            <ActionIcon
              size="sm"
              variant="subtle"
              color="gray"
              aria-label={`${t.removeEntry}: ${outreachKindLabels[entry.kind]} ${entry.date}`}
              onClick={() => window.confirm(t.confirmRemoveEntry) && remove.mutate({ remove: entry.id })}
            >
              <IconX size={14} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {log.hasNextPage && (
        <Anchor component="button" type="button" size="xs" ta="left" onClick={() => void log.fetchNextPage()}>
          {t.showMore}
        </Anchor>
      )}
    </Stack>
  );
}

/** A college's contacts and outreach log; those who edit add contacts, e-mail coaches and log what happened. */
export function CollegeConversation({ college, canEdit }: { college: CollegeInterest; canEdit: boolean }) {
  const contacts = useContactsQuery(college.id);
  const [contactDialog, setContactDialog] = useState<{ opened: boolean; contact: CollegeContact | null }>({ opened: false, contact: null });
  const [logOpen, setLogOpen] = useState(false);
  const list = contacts.data ?? [];
  return (
    <Stack gap="xs" mt="sm">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {t.contacts}
        </Text>
        {canEdit && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setContactDialog({ opened: true, contact: null })}>
            {t.addContact}
          </Button>
        )}
      </Group>
      {contacts.isSuccess && list.length === 0 && (
        <Stack gap={6}>
          <Text size="xs" c="dimmed">
            {t.noContacts}
          </Text>
          {canEdit && <EmailCoach college={college} contact={null} />}
        </Stack>
      )}
      {list.map((c) => (
        <ContactRow key={c.id} college={college} contact={c} canEdit={canEdit} onEdit={() => setContactDialog({ opened: true, contact: c })} />
      ))}
      <Group justify="space-between" gap="xs" mt={4}>
        <Text size="sm" fw={600}>
          {t.log}
        </Text>
        {canEdit && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setLogOpen(true)}>
            {t.logEntry}
          </Button>
        )}
      </Group>
      <OutreachLog college={college} contacts={list} canEdit={canEdit} />
      <ContactDialog
        opened={contactDialog.opened}
        onClose={() => setContactDialog((d) => ({ ...d, opened: false }))}
        collegeId={college.id}
        contact={contactDialog.contact}
      />
      <OutreachDialog opened={logOpen} onClose={() => setLogOpen(false)} collegeId={college.id} contacts={list} />
    </Stack>
  );
}
