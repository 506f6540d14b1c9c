import { Button, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconSend } from '@tabler/icons-react';
import { fieldErrors } from '../../../lib/api';
import { contactValidation, labels } from '../../../lib/messages';
import { validEmail } from '../../auth';
import { useSendContactMutation } from '../queries';

const required = (message: string) => (value: string) => (value.trim() ? null : message);

/** Contact form: all four fields required; "Sending..." for at least a second; cleared once sent. */
export function ContactForm() {
  const send = useSendContactMutation();
  const form = useForm({
    initialValues: { name: '', email: '', subject: '', message: '' },
    validate: {
      name: required(contactValidation.name),
      email: (value: string) => (value.trim() ? validEmail(value) : contactValidation.email),
      subject: required(contactValidation.subject),
      message: required(contactValidation.message),
    },
  });

  const submit = form.onSubmit((values) => {
    send.mutate(
      {
        name: values.name.trim(),
        email: values.email.trim(),
        subject: values.subject.trim(),
        message: values.message.trim(),
      },
      {
        onSuccess: () => form.reset(),
        onError: (err) => form.setErrors(fieldErrors(err)),
      },
    );
  });

  return (
    // noValidate: the e-mail field stays a browser e-mail input (keyboard, autofill) while our messages show.
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Your Name" autoComplete="name" withAsterisk {...form.getInputProps('name')} />
          <TextInput label="Email Address" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} />
        </SimpleGrid>
        <TextInput label="Subject" withAsterisk {...form.getInputProps('subject')} />
        <Textarea label="Message" rows={6} withAsterisk {...form.getInputProps('message')} />
        <Button
          type="submit"
          disabled={send.isPending}
          leftSection={<IconSend size={16} aria-hidden />}
          style={{ alignSelf: 'flex-start' }}
        >
          {send.isPending ? labels.sending : 'Send Message'}
        </Button>
      </Stack>
    </form>
  );
}
