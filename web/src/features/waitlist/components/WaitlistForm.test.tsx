import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { WaitlistForm } from './WaitlistForm';
import { renderWithProviders } from '../../../test/render';
import { jsonResponse, stubFetch } from '../../../test/fetch';

afterEach(() => {
  vi.unstubAllGlobals();
});

function join(value: string) {
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: /join waitlist/i }));
}

describe('WaitlistForm', () => {
  it('ignores a blank entry', async () => {
    const { fetchMock: fetch } = stubFetch({});
    renderWithProviders(<WaitlistForm feedback="inline" />);
    join('   ');
    // Give a stray submission the chance to show before checking that none happened.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
  });

  it('flags an entry that is not an e-mail address', async () => {
    const { fetchMock: fetch } = stubFetch({});
    renderWithProviders(<WaitlistForm feedback="inline" />);
    join('not-an-email');
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('posts the trimmed address and thanks the visitor inline (footer)', async () => {
    const { calls } = stubFetch({ 'POST /api/waitlist': { status: 201, body: { message: 'Added to waitlist' } } });
    renderWithProviders(<WaitlistForm feedback="inline" />);
    join('  ana@example.com ');
    expect(await screen.findByText('Thank you for joining our waitlist!')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/waitlist']);
    expect(calls[0]!.body).toEqual({ email: 'ana@example.com' });
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('');
  });

  it('treats a 409 "Email already in waitlist" as success (footer alert)', async () => {
    stubFetch({ 'POST /api/waitlist': { status: 409, body: { message: 'Email already in waitlist' } } });
    renderWithProviders(<WaitlistForm feedback="inline" />);
    join('ana@example.com');
    expect(await screen.findByText("You're already on our waitlist. We'll notify you when we launch.")).toBeTruthy();
    expect(screen.queryByText('Email already in waitlist')).toBeNull();
  });

  it('treats a 409 "Email already in waitlist" as success (page toast)', async () => {
    stubFetch({ 'POST /api/waitlist': { status: 409, body: { message: 'Email already in waitlist' } } });
    renderWithProviders(<WaitlistForm feedback="toast" />);
    join('ana@example.com');
    expect(await screen.findByText("You're already on our waitlist. We'll notify you when we launch.")).toBeTruthy();
  });

  it('toasts a new sign-up', async () => {
    stubFetch({ 'POST /api/waitlist': { status: 201, body: { message: 'Added' } } });
    renderWithProviders(<WaitlistForm feedback="toast" />);
    join('ana@example.com');
    expect(await screen.findByText("You've been added to our waitlist. We'll notify you when we launch.")).toBeTruthy();
  });

  it.each([
    ['the server message', () => jsonResponse({ status: 400, body: { message: 'Please enter a valid email address' } }), 'Please enter a valid email address'],
    ['"Failed to join waitlist" when the server sends none', () => new Response('', { status: 500 }), 'Failed to join waitlist'],
  ])('toasts %s on failure', async (_name, answer, expected) => {
    stubFetch({ 'POST /api/waitlist': answer });
    renderWithProviders(<WaitlistForm feedback="toast" />);
    join('ana@example.com');
    expect(await screen.findByText(expected)).toBeTruthy();
  });

  it('toasts the generic message when the call gets no answer', async () => {
    stubFetch({ 'POST /api/waitlist': () => Promise.reject(new TypeError('Failed to fetch')) });
    renderWithProviders(<WaitlistForm feedback="toast" />);
    join('ana@example.com');
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
  });

  it('shows the footer failure alert', async () => {
    stubFetch({ 'POST /api/waitlist': () => new Response('', { status: 500 }) });
    renderWithProviders(<WaitlistForm feedback="inline" />);
    join('ana@example.com');
    expect(await screen.findByText('An error occurred. Please try again.')).toBeTruthy();
  });

  it('shows "Joining..." while the call runs', async () => {
    let answer: (res: Response) => void = () => {};
    stubFetch({ 'POST /api/waitlist': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderWithProviders(<WaitlistForm feedback="inline" />);
    join('ana@example.com');
    expect(await screen.findByText('Joining...')).toBeTruthy();
    answer(jsonResponse({ status: 201, body: { message: 'Added' } }));
    await waitFor(() => expect(screen.queryByText('Joining...')).toBeNull());
  });
});
