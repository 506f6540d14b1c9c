import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders, testUser } from '../../../test/render';
import { aMember } from '../test-utils';
import { InviteMemberModal } from './InviteMemberModal';
import { stubFetch } from '../../../test/fetch';

// jsdom has no scrollIntoView, which the Select's option list calls.
beforeAll(() => {
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
});

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
});

const CIRCLE = '/api/athletes/7/family-circle';

function renderDialog() {
  const onClose = vi.fn();
  renderWithProviders(<InviteMemberModal opened onClose={onClose} athleteId={7} />, { route: '/dashboard', user: testUser });
  return { dialog: screen.getByRole('dialog', { name: 'Invite Member' }), onClose };
}

async function pick(dialog: HTMLElement, label: string, option: string) {
  fireEvent.click(within(dialog).getByRole('combobox', { name: label }));
  fireEvent.click(await within(dialog).findByRole('option', { name: option }));
}

/** The toast whose title and message are these. */
async function findToast(title: string, message: string) {
  const text = await screen.findByText(message);
  const toast = text.closest('[role="alert"]') as HTMLElement;
  expect(toast).toBeTruthy();
  expect(within(toast).getByText(title)).toBeTruthy();
  return toast;
}

describe('Invite Member dialog', () => {
  it('offers the relationships (capitalised) and access levels, viewer by default', async () => {
    stubFetch({});
    const { dialog } = renderDialog();
    expect((within(dialog).getByRole('combobox', { name: 'Access Level' }) as HTMLInputElement).value).toBe('Viewer');
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Relationship' }));
    const options = (await within(dialog).findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Parent', 'Sibling', 'Grandparent', 'Relative', 'Coach', 'Friend', 'Other']);
  });

  it('toasts Validation Error and sends nothing when a required field is missing', async () => {
    const { calls } = stubFetch({});
    const { dialog } = renderDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Jordan' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to The Loop' }));

    await findToast('Validation Error', 'Please fill all required fields');
    expect(calls).toHaveLength(0);
  });

  it('says an invitation e-mail will be sent only when an e-mail is given', () => {
    stubFetch({});
    const { dialog } = renderDialog();
    expect(within(dialog).queryByText(/An invitation e-mail will be sent/)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'jordan@example.com' } });
    expect(within(dialog).getByText('An invitation e-mail will be sent to jordan@example.com with a link to join.')).toBeTruthy();
  });

  it('adds the member, toasts "{name} Added to The Loop" under Success and closes', async () => {
    const { calls } = stubFetch({
      [`POST ${CIRCLE}`]: (body) => ({ status: 201, body: aMember({ ...(body as object), id: 9, isActive: false }) }),
    });
    const { dialog, onClose } = renderDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: '  Jordan ' } });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'jordan@example.com' } });
    await pick(dialog, 'Relationship', 'Sibling');
    await pick(dialog, 'Access Level', 'Editor');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to The Loop' }));

    await findToast('Success', 'Jordan Added to The Loop');
    expect(calls).toEqual([
      {
        method: 'POST',
        url: CIRCLE,
        body: { name: 'Jordan', email: 'jordan@example.com', relationship: 'sibling', accessLevel: 'editor' },
      },
    ]);
    expect(onClose).toHaveBeenCalled();
  });

  it('leaves the e-mail out when none is given', async () => {
    const { calls } = stubFetch({
      [`POST ${CIRCLE}`]: (body) => ({ status: 201, body: aMember({ ...(body as object), id: 9, email: null }) }),
    });
    const { dialog } = renderDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Leo' } });
    await pick(dialog, 'Relationship', 'Relative');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to The Loop' }));

    await findToast('Success', 'Leo Added to The Loop');
    expect(calls[0]?.body).toEqual({ name: 'Leo', relationship: 'relative', accessLevel: 'viewer' });
  });

  it('hands a member without e-mail the invitation link at once', async () => {
    const url = 'http://localhost:8080/invite/' + 'y'.repeat(43);
    stubFetch({
      [`POST ${CIRCLE}`]: (body) => ({ status: 201, body: aMember({ ...(body as object), id: 9, email: null, isActive: false }) }),
      'POST /api/family-circle/9/invite-link': { status: 201, body: { url, expiresAt: '2026-12-03T12:00:00Z', qrCode: 'data:image/png;base64,iVBORw0KGgo=' } },
    });
    const { dialog, onClose } = renderDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Grandpa Joe' } });
    await pick(dialog, 'Relationship', 'Grandparent');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to The Loop' }));

    const link = await screen.findByRole('dialog', { name: 'Invitation link for Grandpa Joe' });
    expect(((await within(link).findByLabelText('Copy invitation link')) as HTMLInputElement).value).toBe(url);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says at once when the server sends no e-mail, and offers the link instead', async () => {
    const reason = 'No e-mail service is set up on this server, so the invitation was not sent. Copy the invitation link and send it yourself.';
    stubFetch({
      [`POST ${CIRCLE}`]: (body) => ({
        status: 201,
        body: { ...aMember({ ...(body as object), id: 9, isActive: false }), invitationEmail: { status: 'failed', statusReason: reason } },
      }),
      'POST /api/family-circle/9/invite-link': { status: 201, body: { url: 'http://localhost:8080/invite/x', expiresAt: '2026-12-03T12:00:00Z', qrCode: 'data:image/png;base64,iVBORw0KGgo=' } },
    });
    const { dialog } = renderDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Rose' } });
    fireEvent.change(within(dialog).getByLabelText(/^Email/), { target: { value: 'rose@example.com' } });
    await pick(dialog, 'Relationship', 'Grandparent');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to The Loop' }));

    const link = await screen.findByRole('dialog', { name: 'Invitation link for Rose' });
    expect(within(link).getByText(reason)).toBeTruthy();
  });

  it('toasts Failed to add to The Loop when the server refuses', async () => {
    stubFetch({ [`POST ${CIRCLE}`]: { status: 403, body: { message: 'Only the owner or an admin can do this' } } });
    const { dialog, onClose } = renderDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Jordan' } });
    await pick(dialog, 'Relationship', 'Friend');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add to The Loop' }));

    await findToast('Failed to add to The Loop', 'Only the owner or an admin can do this');
    expect(onClose).not.toHaveBeenCalled();
  });
});
