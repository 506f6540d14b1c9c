import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { useState } from 'react';
import { ESLint } from 'eslint';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { Dialog, lazyDialog } from './Dialog';

afterEach(() => {
  vi.restoreAllMocks();
});

function Broken(): never {
  throw new Error('cannot read properties of undefined');
}

/** A page with a button that opens a dialog whose content throws the first time only. */
function PageWithDialog() {
  const [opened, setOpened] = useState(false);
  const [tries, setTries] = useState(0);
  return (
    <>
      <p>The page behind</p>
      <button
        type="button"
        onClick={() => {
          setTries((n) => n + 1);
          setOpened(true);
        }}
      >
        Open
      </button>
      <Dialog opened={opened} onClose={() => setOpened(false)} title="Edit Media">
        {tries === 1 ? <Broken /> : <p>The form</p>}
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('shows a failure inside the dialog, keeps its close button and the page behind, and tries again when reopened', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(<PageWithDialog />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Media' });
    expect(within(dialog).getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByText('The page behind')).toBeTruthy();

    fireEvent.click(dialog.querySelector('.mantine-Modal-close')!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText('The form')).toBeTruthy();
    expect(screen.queryByText('Something went wrong')).toBeNull();
  });
});

/** A page with a dialog that opens a second one over itself, as Share opens over the media preview. */
function TwoDialogs() {
  const [preview, setPreview] = useState(true);
  const [share, setShare] = useState(false);
  return (
    <>
      <Dialog opened={preview} onClose={() => setPreview(false)} title="Preview">
        <button type="button" onClick={() => setShare(true)}>
          Share
        </button>
      </Dialog>
      <Dialog opened={share} onClose={() => setShare(false)} title="Share link">
        <p>The link</p>
      </Dialog>
    </>
  );
}

describe('Dialogs over dialogs', () => {
  it('closes only the top one on Escape, then the one below on the next', async () => {
    renderWithProviders(<TwoDialogs />);
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Preview' })).getByRole('button', { name: 'Share' }));
    const top = await screen.findByRole('dialog', { name: 'Share link' });
    fireEvent.keyDown(within(top).getByText('The link'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Share link' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Preview' })).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Preview' })).toBeNull());
  });
});

interface InviteProps {
  opened: boolean;
  onClose: () => void;
}

function InviteDialog({ opened, onClose }: InviteProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title="Invite Member">
      <input aria-label="Name" data-autofocus />
    </Dialog>
  );
}

describe('lazyDialog', () => {
  it('fetches its code at the first open, not before, and gives focus back to what opened it on close', async () => {
    const load = vi.fn(async () => InviteDialog);
    const LazyInvite = lazyDialog<InviteProps>(load, { isOpen: (p) => p.opened, closed: (p) => ({ ...p, opened: false }) });
    function Page() {
      const [opened, setOpened] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpened(true)}>
            Invite
          </button>
          <LazyInvite opened={opened} onClose={() => setOpened(false)} />
        </>
      );
    }
    renderWithProviders(<Page />);
    const invite = screen.getByRole('button', { name: 'Invite' });
    expect(load).not.toHaveBeenCalled();
    invite.focus();
    fireEvent.click(invite);
    const dialog = await screen.findByRole('dialog', { name: 'Invite Member' });
    expect(load).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Name')));
    fireEvent.keyDown(document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite Member' })).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(invite));
  });

  it('fetches its code once the page has been idle a while, so it opens without signal, and not again when opened', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const load = vi.fn(async () => InviteDialog);
      const LazyInvite = lazyDialog<InviteProps>(load, { isOpen: (p) => p.opened, closed: (p) => ({ ...p, opened: false }) });
      function Page() {
        const [opened, setOpened] = useState(false);
        return (
          <>
            <button type="button" onClick={() => setOpened(true)}>
              Invite
            </button>
            <LazyInvite opened={opened} onClose={() => setOpened(false)} />
          </>
        );
      }
      renderWithProviders(<Page />);
      expect(load).not.toHaveBeenCalled();
      await act(async () => {
        vi.advanceTimersByTime(3000);
      });
      expect(load).toHaveBeenCalledTimes(1);
      vi.useRealTimers();
      fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
      await screen.findByRole('dialog', { name: 'Invite Member' });
      expect(load).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says so inside a dialog when its code cannot be downloaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const LazyInvite = lazyDialog<InviteProps>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), {
      isOpen: (p) => p.opened,
      closed: (p) => ({ ...p, opened: false }),
    });
    renderWithProviders(<LazyInvite opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('alert')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: /reload/i })).toBeTruthy();
  });
});

// The rule is a lint rule, so it must be able to fail (STYLE.md, "A rule that matters is a test that fails").
describe('the dialog rule (eslint.config.js)', () => {
  const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const eslint = new ESLint({ cwd: web });
  const code = "import { Modal } from '@mantine/core';\nexport default Modal;\n";

  async function errors(file: string) {
    const [result] = await eslint.lintText(code, { filePath: path.join(web, file) });
    return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
  }

  it.each(['src/features/media/components/Probe.tsx', 'src/features/stats/Probe.tsx', 'src/pages/Probe.tsx', 'src/components/Probe.tsx'])(
    'refuses Mantine’s Modal in %s',
    async (file) => {
      expect(await errors(file)).toEqual([expect.stringContaining('components/Dialog')]);
    },
  );

  it('lets components/Dialog.tsx wrap it', async () => {
    expect(await errors('src/components/Dialog.tsx')).toEqual([]);
  });
});
