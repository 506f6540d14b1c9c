import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ContactForm } from './ContactForm';
import { sendWithMinimumDelay } from '../queries';
import { renderWithProviders } from '../../../test/render';
import { stubFetch } from '../../../test/fetch';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));
const fill = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('ContactForm', () => {
  it('requires all four fields', async () => {
    const { fetchMock: fetch } = stubFetch({});
    renderWithProviders(<ContactForm />);
    expect(field('Message').getAttribute('rows')).toBe('6');
    expect(field('Email Address').getAttribute('type')).toBe('email');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    for (const text of ['Name is required', 'Email is required', 'Subject is required', 'Message is required']) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends, shows "Sending..." then the toast, and clears the form', async () => {
    const { calls } = stubFetch({ 'POST /api/contact': { status: 201, body: { message: 'Message received' } } });
    renderWithProviders(<ContactForm />);
    fill('Your Name', 'Ana Rivera');
    fill('Email Address', 'ana@example.com');
    fill('Subject', 'Early access');
    fill('Message', 'When can we join?');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeTruthy();
    expect(await screen.findByText('Message Sent', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText("Thank you for contacting us. We'll respond as soon as possible.")).toBeTruthy();
    await waitFor(() => expect((field('Your Name') as HTMLInputElement).value).toBe(''));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/contact']);
    expect(calls[0]!.body).toEqual({
      name: 'Ana Rivera',
      email: 'ana@example.com',
      subject: 'Early access',
      message: 'When can we join?',
    });
  });

  it('toasts the server message when sending fails and keeps what was typed', async () => {
    stubFetch({ 'POST /api/contact': { status: 400, body: { message: 'Message is too long' } } });
    renderWithProviders(<ContactForm />);
    fill('Your Name', 'Ana');
    fill('Email Address', 'ana@example.com');
    fill('Subject', 'Hi');
    fill('Message', 'Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Message is too long', {}, { timeout: 3000 })).toBeTruthy();
    expect((field('Your Name') as HTMLInputElement).value).toBe('Ana');
  });
});

describe('sendWithMinimumDelay', () => {
  const input = { name: 'A', email: 'a@b.co', subject: 'S', message: 'M' };

  it('does not settle before the minimum time even when the server answers at once', async () => {
    vi.useFakeTimers();
    stubFetch({ 'POST /api/contact': { status: 201, body: { message: 'ok' } } });
    let settled = false;
    const sending = sendWithMinimumDelay(input, 1000).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await sending;
    expect(settled).toBe(true);
  });

  it('waits the minimum time before reporting a failure too', async () => {
    vi.useFakeTimers();
    stubFetch({ 'POST /api/contact': () => new Response('', { status: 500 }) });
    let failed = false;
    const sending = sendWithMinimumDelay(input, 1000).catch(() => (failed = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(failed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await sending;
    expect(failed).toBe(true);
  });
});
