import { Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import dayjs from 'dayjs';
import { Dialog } from '../../../components/Dialog';
import { FormActions } from '../../../components/FormActions';
import { fieldErrors } from '../../../lib/api';
import type { CollegeContact, CollegeContactInput, OutreachKind } from '../api';
import { useContactMutation, useOutreachMutation } from '../queries';
import { outreachKindLabels, outreachText as t } from '../strings';

const emptyContact: CollegeContactInput = { name: '', role: '', email: '', phone: '' };

function ContactForm({ collegeId, contact, onDone }: { collegeId: number; contact: CollegeContact | null; onDone: () => void }) {
  const form = useForm<CollegeContactInput>({
    initialValues: contact ? { name: contact.name, role: contact.role, email: contact.email, phone: contact.phone } : emptyContact,
    validate: { name: (v: string) => (v.trim() ? null : t.contactNameRequired) },
  });
  const save = useContactMutation(collegeId);
  const submit = (input: CollegeContactInput) =>
    save.mutate({ id: contact?.id, input }, { onSuccess: onDone, onError: (err) => form.setErrors(fieldErrors(err)) });
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <TextInput label={t.contactName} required data-autofocus {...form.getInputProps('name')} />
        <TextInput label={t.contactRole} placeholder={t.contactRolePlaceholder} {...form.getInputProps('role')} />
        <TextInput label={t.contactEmail} type="email" inputMode="email" autoComplete="off" {...form.getInputProps('email')} />
        <TextInput label={t.contactPhone} type="tel" inputMode="tel" autoComplete="off" {...form.getInputProps('phone')} />
        <FormActions cancel={t.cancel} submit={t.save} onCancel={onDone} pending={save.isPending} />
      </Stack>
    </form>
  );
}

/** Adds a contact to a college, or changes one. */
export function ContactDialog({ opened, onClose, collegeId, contact }: { opened: boolean; onClose: () => void; collegeId: number; contact: CollegeContact | null }) {
  return (
    <Dialog opened={opened} onClose={onClose} title={contact ? t.editContact : t.addContact} radius="md">
      <ContactForm collegeId={collegeId} contact={contact} onDone={onClose} />
    </Dialog>
  );
}

const kindOptions = (Object.keys(outreachKindLabels) as OutreachKind[]).map((value) => ({ value, label: outreachKindLabels[value] }));

interface OutreachValues {
  kind: OutreachKind;
  date: string;
  note: string;
  contactId: string | null;
}

function OutreachForm({ collegeId, contacts, onDone }: { collegeId: number; contacts: CollegeContact[]; onDone: () => void }) {
  const form = useForm<OutreachValues>({ initialValues: { kind: 'call', date: dayjs().format('YYYY-MM-DD'), note: '', contactId: null } });
  const log = useOutreachMutation(collegeId);
  const submit = ({ kind, date, note, contactId }: OutreachValues) =>
    log.mutate(
      { input: { kind, date, note, contactId: contactId ? Number(contactId) : null } },
      { onSuccess: onDone, onError: (err) => form.setErrors(fieldErrors(err)) },
    );
  const contactOptions = contacts.map((c) => ({ value: String(c.id), label: c.role ? `${c.name} (${c.role})` : c.name }));
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="sm">
        <Select label={t.kind} data={kindOptions} allowDeselect={false} {...form.getInputProps('kind')} />
        <TextInput label={t.date} type="date" required maw={220} {...form.getInputProps('date')} />
        {contactOptions.length > 0 && (
          <Select label={t.with} placeholder={t.nobody} data={contactOptions} clearable {...form.getInputProps('contactId')} />
        )}
        <Textarea label={t.note} rows={3} {...form.getInputProps('note')} />
        <FormActions cancel={t.cancel} submit={t.save} onCancel={onDone} pending={log.isPending} />
      </Stack>
    </form>
  );
}

/** Logs a call, a text, a visit, a camp, an offer or an e-mail, on any day. */
export function OutreachDialog({ opened, onClose, collegeId, contacts }: { opened: boolean; onClose: () => void; collegeId: number; contacts: CollegeContact[] }) {
  return (
    <Dialog opened={opened} onClose={onClose} title={t.log} radius="md">
      <OutreachForm collegeId={collegeId} contacts={contacts} onDone={onClose} />
    </Dialog>
  );
}
