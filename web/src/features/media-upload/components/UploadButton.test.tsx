import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders, testUser } from '../../../test/render';
import { todayIso } from '../../../lib/format';
import { FakeXhr, MB, lastXhr, restoreDevices, stubDevices, stubXhr } from '../test-utils';
import { UploadButton } from './UploadButton';
import { stubFetch } from '../../../test/fetch';
import { aMediaItem } from '../../../test/fixtures';
import { goOffline, goOnline } from '../../../test/network';
import { jpeg, readableFile, tiff } from '../captureFixtures';

afterEach(() => {
  goOnline();
  notifications.clean();
  vi.unstubAllGlobals();
  restoreDevices();
});

const usage = { usedBytes: 12 * MB, quotaBytes: 500 * MB, maxFileBytes: 50 * MB };

let fetchStub: ReturnType<typeof stubFetch>;
beforeEach(() => {
  stubXhr();
  fetchStub = stubFetch({ 'GET /api/athletes/7/media/usage': { body: usage } });
});

async function openDialog() {
  renderWithProviders(<UploadButton athleteId={7} />, { route: '/media', user: testUser });
  fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
  return screen.findByRole('dialog', { name: 'Upload Media' });
}

function aFile(name: string, type: string, bytes = 1000) {
  return new File([new Uint8Array(bytes)], name, { type });
}

/** Chooses files through the dropzone's own input, as the file dialog would. */
async function choose(dialog: HTMLElement, ...files: File[]) {
  const input = within(dialog).getByLabelText('Choose files to upload');
  fireEvent.change(input, { target: { files } });
  await within(dialog).findByText(files[0]!.name);
}

function submit(dialog: HTMLElement, name = 'Upload') {
  fireEvent.click(within(dialog).getByRole('button', { name }));
}

describe('Upload Files', () => {
  it('states the limit and the storage used from the server', async () => {
    const dialog = await openDialog();
    expect(within(dialog).getByRole('tab', { name: 'Upload Files' }).getAttribute('aria-selected')).toBe('true');
    expect(within(dialog).getByRole('tab', { name: 'Record Video/Audio' })).toBeTruthy();
    expect(await within(dialog).findByText('12 MB of 500 MB used')).toBeTruthy();
    expect(within(dialog).getByText('Maximum file size 50MB')).toBeTruthy();
  });

  it('turns away files of other types or over the limit, with the server wording, and keeps the rest', async () => {
    const dialog = await openDialog();
    await within(dialog).findByText('12 MB of 500 MB used');
    const input = within(dialog).getByLabelText('Choose files to upload');
    const tooBig = aFile('season.mp4', 'video/mp4');
    Object.defineProperty(tooBig, 'size', { value: 51 * MB });
    fireEvent.change(input, { target: { files: [tooBig, aFile('notes.txt', 'text/plain'), aFile('team.jpg', 'image/jpeg')] } });

    expect(await within(dialog).findByText('season.mp4: File is too large (the limit is 50 MB)')).toBeTruthy();
    expect(within(dialog).getByText('notes.txt: Unsupported file type')).toBeTruthy();
    expect(await within(dialog).findByDisplayValue('team')).toBeTruthy();
    expect(within(dialog).getAllByLabelText(/^Title/)).toHaveLength(1);
  });

  it('says in the words of the plan how large the film is and which plan takes it', async () => {
    const words = 'Your Free plan takes files up to 50 MB. The Basic plan takes files up to 500 MB.';
    fetchStub.routes['GET /api/athletes/7/media/usage'] = { body: { ...usage, fileTooLargeMessage: words } };
    const dialog = await openDialog();
    await within(dialog).findByText('12 MB of 500 MB used');
    const film = aFile('game.mp4', 'video/mp4');
    Object.defineProperty(film, 'size', { value: 180 * MB });
    fireEvent.change(within(dialog).getByLabelText('Choose files to upload'), { target: { files: [film] } });
    expect(await within(dialog).findByText(`game.mp4: it is 180 MB. ${words}`)).toBeTruthy();
    expect(within(dialog).queryByText(/Please select a file/)).toBeNull();
  });

  it('asks for a file before sending anything', async () => {
    const dialog = await openDialog();
    submit(dialog);
    expect(await within(dialog).findByText('Please select a file to upload')).toBeTruthy();
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('titles each file after its name without the extension, and requires a title', async () => {
    const dialog = await openDialog();
    await choose(dialog, aFile('game-day.final.mp4', 'video/mp4'), aFile('Program.pdf', 'application/pdf'));
    const titles = within(dialog).getAllByLabelText(/^Title/) as HTMLInputElement[];
    expect(titles.map((t) => t.value)).toEqual(['game-day.final', 'Program']);

    fireEvent.change(titles[1]!, { target: { value: '  ' } });
    submit(dialog, 'Upload 2 files');
    expect(await within(dialog).findByText('Please provide a title for the media')).toBeTruthy();
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it('sends the contract multipart fields with credentials, private by default, tags as JSON', async () => {
    const dialog = await openDialog();
    await choose(dialog, aFile('walk-off.mov', 'video/quicktime'));
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: ' Bottom of the 9th ' } });
    const tags = within(dialog).getByRole('combobox', { name: /^Tags/ });
    // Mantine ignores changes to an input that has no focus.
    tags.focus();
    fireEvent.change(tags, { target: { value: 'Playoffs' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    fireEvent.change(tags, { target: { value: 'Hitting' } });
    submit(dialog);

    const xhr = lastXhr();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/athletes/7/media');
    expect(xhr.withCredentials).toBe(true);
    const body = xhr.body!;
    expect([...body.keys()]).toEqual(['file', 'title', 'description', 'date', 'isPrivate', 'tags']);
    expect((body.get('file') as File).name).toBe('walk-off.mov');
    expect(body.get('title')).toBe('walk-off');
    expect(body.get('description')).toBe('Bottom of the 9th');
    expect(body.get('date')).toBe(todayIso());
    expect(body.get('isPrivate')).toBe('true');
    expect(body.get('tags')).toBe('["Playoffs","Hitting"]');
  });

  it('sends isPrivate "false" when Keep private is switched off', async () => {
    const dialog = await openDialog();
    await choose(dialog, aFile('team.jpg', 'image/jpeg'));
    const keepPrivate = within(dialog).getByRole('switch', { name: /Keep private/ }) as HTMLInputElement;
    expect(keepPrivate.checked).toBe(true);
    fireEvent.click(keepPrivate);
    submit(dialog);
    expect(lastXhr().body!.get('isPrivate')).toBe('false');
  });

  it('shows the real percent, then announces success, says what was uploaded and refreshes the media', async () => {
    const dialog = await openDialog();
    await within(dialog).findByText('12 MB of 500 MB used');
    await choose(dialog, aFile('team.jpg', 'image/jpeg'));
    submit(dialog);

    act(() => lastXhr().progress(30, 100));
    const bar = await within(dialog).findByRole('progressbar', { name: 'Upload progress for team.jpg' });
    expect(bar.getAttribute('aria-valuenow')).toBe('30');
    expect(within(dialog).getByText('30%')).toBeTruthy();
    act(() => lastXhr().progress(100, 100));
    expect(await within(dialog).findByText('Finishing…')).toBeTruthy();

    const usageCalls = () => fetchStub.calls.filter((c) => c.url === '/api/athletes/7/media/usage').length;
    expect(usageCalls()).toBe(1);
    act(() => lastXhr().respond(202, aMediaItem({ status: 'processing' })));
    expect(await screen.findByText('Upload Successful')).toBeTruthy();
    expect(screen.getByText('Media file has been uploaded successfully')).toBeTruthy();
    expect(within(dialog).getByText('1 file uploaded')).toBeTruthy();
    expect(within(dialog).getByText('team.jpg')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(usageCalls()).toBe(2));

    // Upload more: an empty form again.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload more' }));
    expect(within(dialog).queryByText('team.jpg')).toBeNull();
    expect(within(dialog).getByLabelText('Choose files to upload')).toBeTruthy();
    expect(within(dialog).queryByText('1 file uploaded')).toBeNull();
  });

  it('Done closes the dialog after the summary', async () => {
    const dialog = await openDialog();
    await choose(dialog, aFile('team.jpg', 'image/jpeg'));
    submit(dialog);
    act(() => lastXhr().respond(202, aMediaItem()));
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload Media' })).toBeNull());
  });

  // Issue 33: the same film sent twice. The server asks; the family keeps both or skips, per file.
  const duplicate = { message: 'You uploaded this on Nov 26: keep both?', existingId: 41 };

  it('asks about a file the athlete already has; Keep both sends it again with allowDuplicate', async () => {
    const dialog = await openDialog();
    await choose(dialog, aFile('film.mp4', 'video/mp4'), aFile('new.jpg', 'image/jpeg'));
    submit(dialog, 'Upload 2 files');
    expect(lastXhr().body!.get('allowDuplicate')).toBeNull();
    act(() => lastXhr().respond(409, duplicate));

    const question = await within(dialog).findByRole('alert');
    expect(within(question).getByText('film.mp4 is already in the library')).toBeTruthy();
    expect(within(question).getByText('You uploaded this on Nov 26: keep both?')).toBeTruthy();
    expect(screen.queryByText('Upload Failed')).toBeNull();
    expect(FakeXhr.instances).toHaveLength(1);

    fireEvent.click(within(question).getByRole('button', { name: 'Keep both' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    expect(lastXhr().body!.get('allowDuplicate')).toBe('true');
    expect(lastXhr().body!.get('title')).toBe('film');
    act(() => lastXhr().respond(202, aMediaItem()));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(3));
    expect(lastXhr().body!.get('allowDuplicate')).toBeNull();
    act(() => lastXhr().respond(202, aMediaItem({ id: 2 })));

    expect(await within(dialog).findByText('2 files uploaded')).toBeTruthy();
    expect(within(dialog).getByText('film.mp4')).toBeTruthy();
    expect(within(dialog).getByText('new.jpg')).toBeTruthy();
    expect(within(dialog).queryByText(/skipped/)).toBeNull();
  });

  it('Skip leaves the duplicate out and says so in the summary', async () => {
    const dialog = await openDialog();
    await choose(dialog, aFile('film.mp4', 'video/mp4'));
    submit(dialog);
    act(() => lastXhr().respond(409, duplicate));
    fireEvent.click(within(await within(dialog).findByRole('alert')).getByRole('button', { name: 'Skip' }));

    expect(await within(dialog).findByText('Nothing new was uploaded')).toBeTruthy();
    expect(within(dialog).getByText('1 skipped: already in the library')).toBeTruthy();
    expect(within(dialog).getByText('film.mp4')).toBeTruthy();
    expect(FakeXhr.instances).toHaveLength(1);
    expect(screen.queryByText('Upload Successful')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Upload more' })).toBeTruthy();
  });

  it('a 409 that names no existing item is a failure, not the duplicate question', async () => {
    const dialog = await openDialog();
    await choose(dialog, aFile('film.mp4', 'video/mp4'));
    submit(dialog);
    act(() => lastXhr().respond(409, { message: 'Something else' }));
    expect(await screen.findByText('Upload Failed')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Keep both' })).toBeNull();
  });

  it('Cancel while the duplicate question waits stops the queue without a failure toast', async () => {
    const dialog = await openDialog();
    await choose(dialog, aFile('film.mp4', 'video/mp4'), aFile('new.jpg', 'image/jpeg'));
    submit(dialog, 'Upload 2 files');
    act(() => lastXhr().respond(409, duplicate));
    await within(dialog).findByRole('alert');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    expect(FakeXhr.instances).toHaveLength(1);
    expect(screen.queryByText('Upload Failed')).toBeNull();
    expect(within(dialog).getByText('film.mp4')).toBeTruthy();
  });

  it('sends several files one after another', async () => {
    const dialog = await openDialog();
    await choose(dialog, aFile('one.jpg', 'image/jpeg'), aFile('two.jpg', 'image/jpeg'));
    submit(dialog, 'Upload 2 files');
    expect(FakeXhr.instances).toHaveLength(1);
    expect(lastXhr().body!.get('title')).toBe('one');

    act(() => lastXhr().respond(202, aMediaItem()));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    expect(lastXhr().body!.get('title')).toBe('two');
    act(() => lastXhr().respond(202, aMediaItem({ id: 2 })));
    expect(await screen.findByText('Upload Successful')).toBeTruthy();
  });

  it('starts each file’s date at the day it was taken, which the family can change', async () => {
    const dialog = await openDialog();
    const taken = readableFile(jpeg(tiff('2024:05:04 18:30:00', true)), 'taken.jpg', 'image/jpeg');
    const other = readableFile(jpeg(tiff('2023:10:14 09:05:00', false)), 'other.jpg', 'image/jpeg');
    await choose(dialog, taken, other, aFile('no-date.png', 'image/png'));
    const dates = () => (within(dialog).getAllByLabelText(/^Date/) as HTMLInputElement[]).map((d) => d.value);
    await waitFor(() => expect(dates()).toEqual(['2024-05-04', '2023-10-14', todayIso()]));
    expect(within(dialog).getAllByText('From the file')).toHaveLength(2);

    fireEvent.change(within(dialog).getAllByLabelText(/^Date/)[1]!, { target: { value: '2023-10-15' } });
    expect(within(dialog).getAllByText('From the file')).toHaveLength(1);
    submit(dialog, 'Upload 3 files');
    const sent: string[] = [];
    for (let i = 0; i < 3; i++) {
      await waitFor(() => expect(FakeXhr.instances).toHaveLength(i + 1));
      sent.push(lastXhr().body!.get('date') as string);
      act(() => lastXhr().respond(202, aMediaItem({ id: i + 1 })));
    }
    expect(sent).toEqual(['2024-05-04', '2023-10-15', todayIso()]);
  });

  it.each([
    ['a 413 with the server message', 413, { message: 'File is too large (the limit is 50 MB)' }, 'File is too large (the limit is 50 MB)'],
    ['a 415 with the server message', 415, { message: 'Unsupported file type' }, 'Unsupported file type'],
    ['a 502 without a JSON body', 502, '<html>Bad gateway</html>', 'HTTP error 502'],
  ])('reports %s under Upload Failed and keeps the file', async (_, status, body, message) => {
    const dialog = await openDialog();
    await choose(dialog, aFile('huge.mp4', 'video/mp4'));
    submit(dialog);
    act(() => lastXhr().respond(status, body));

    expect(await screen.findByText('Upload Failed')).toBeTruthy();
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    expect(within(dialog).getByText('huge.mp4')).toBeTruthy();
  });

  it('reports a dropped connection as Network error', async () => {
    const dialog = await openDialog();
    await choose(dialog, aFile('clip.mp4', 'video/mp4'));
    submit(dialog);
    act(() => lastXhr().failNetwork());
    expect(await screen.findByText('Upload Failed')).toBeTruthy();
    expect(screen.getAllByText('Network error').length).toBeGreaterThan(0);
  });

  // Issue 33: on a phone the signal drops mid-upload. The dialog says so in words and the upload waits.
  it('says it is offline, waits for the connection instead of failing, and sends the file when it is back', async () => {
    const dialog = await openDialog();
    await choose(dialog, aFile('team.jpg', 'image/jpeg'));
    submit(dialog);
    act(() => lastXhr().progress(40, 100));
    goOffline();
    act(() => lastXhr().failNetwork());

    expect(within(dialog).getByText('You are offline')).toBeTruthy();
    expect(within(dialog).getByText(/Uploads resume by themselves when your connection is back/)).toBeTruthy();
    expect(await within(dialog).findByText('Waiting for the connection. The upload will resume when it is back…')).toBeTruthy();
    expect(screen.queryByText('Upload Failed')).toBeNull();
    expect(FakeXhr.instances).toHaveLength(1);

    goOnline();
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    expect(within(dialog).queryByText('You are offline')).toBeNull();
    expect(lastXhr().body!.get('title')).toBe('team');
    act(() => lastXhr().respond(202, aMediaItem()));
    expect(await screen.findByText('Upload Successful')).toBeTruthy();
  });

  it('cancels an upload that is waiting for the connection', async () => {
    const dialog = await openDialog();
    await choose(dialog, aFile('team.jpg', 'image/jpeg'));
    submit(dialog);
    goOffline();
    act(() => lastXhr().failNetwork());
    await within(dialog).findByText('Waiting for the connection. The upload will resume when it is back…');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(dialog).queryByText(/Waiting for the connection/)).toBeNull());
    goOnline();
    expect(FakeXhr.instances).toHaveLength(1);
    expect(screen.queryByText('Upload Failed')).toBeNull();
  });

  it('keeps files already sent out of a retry after a failure', async () => {
    const dialog = await openDialog();
    await choose(dialog, aFile('one.jpg', 'image/jpeg'), aFile('two.jpg', 'image/jpeg'));
    submit(dialog, 'Upload 2 files');
    act(() => lastXhr().respond(202, aMediaItem()));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    act(() => lastXhr().failNetwork());
    await screen.findByText('Upload Failed');
    expect(within(dialog).queryByText('one.jpg')).toBeNull();
    expect(within(dialog).getByText('two.jpg')).toBeTruthy();
  });

  it('aborts the upload in flight with Cancel, without a failure toast', async () => {
    const dialog = await openDialog();
    await choose(dialog, aFile('clip.mp4', 'video/mp4'));
    submit(dialog);
    act(() => lastXhr().progress(10, 100));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(lastXhr().aborted).toBe(true);
    await waitFor(() => expect(within(dialog).queryByRole('progressbar')).toBeNull());
    expect(screen.queryByText('Upload Failed')).toBeNull();
    expect(within(dialog).getByText('clip.mp4')).toBeTruthy();
  });
});

describe('Record Video/Audio', () => {
  async function openRecordTab() {
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Record Video/Audio' }));
    return within(dialog).getByRole('tabpanel', { name: 'Record Video/Audio' });
  }

  it('says there is no camera or microphone when the device lists none', async () => {
    stubDevices({ kinds: [] });
    const panel = await openRecordTab();
    expect(await within(panel).findByText('No camera found on this device')).toBeTruthy();
    expect(within(panel).getByText('No microphone found on this device')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Record Video' }).hasAttribute('disabled')).toBe(true);
    expect(within(panel).getByRole('button', { name: 'Record Audio' }).hasAttribute('disabled')).toBe(true);
  });

  it('says the same when the browser cannot record at all', async () => {
    const panel = await openRecordTab();
    expect(await within(panel).findByText('No camera found on this device')).toBeTruthy();
    expect(within(panel).getByText('No microphone found on this device')).toBeTruthy();
  });

  it('explains a blocked permission', async () => {
    stubDevices({ refuse: 'NotAllowedError' });
    const panel = await openRecordTab();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Record Video' }));
    expect(
      await within(panel).findByText('Camera or microphone access was blocked. Allow it in your browser settings to record.'),
    ).toBeTruthy();
  });

  it('records audio, offers a titled preview and uploads it as recording.webm', async () => {
    const { tracks } = stubDevices({ kinds: ['audioinput'] });
    const panel = await openRecordTab();
    expect(await within(panel).findByText('No camera found on this device')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Record Audio' }));
    fireEvent.click(await within(panel).findByRole('button', { name: 'Stop' }));

    const title = (await within(panel).findByLabelText(/^Title/)) as HTMLInputElement;
    expect(title.value).toMatch(/^Recording \w{3} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M$/);
    expect(tracks.every((t) => t.stopped)).toBe(true);
    fireEvent.click(within(panel).getByRole('button', { name: 'Upload recording' }));

    const body = lastXhr().body!;
    expect((body.get('file') as File).name).toBe('recording.webm');
    expect(body.get('title')).toBe(title.value);
    expect(body.get('isPrivate')).toBe('true');
    expect(body.get('tags')).toBe('[]');
    act(() => lastXhr().respond(202, aMediaItem({ mediaType: 'audio', status: 'processing' })));
    expect(await screen.findByText('Upload Successful')).toBeTruthy();
  });

  it('stops the camera and microphone when the dialog closes mid-recording', async () => {
    const { tracks } = stubDevices();
    const panel = await openRecordTab();
    fireEvent.click(await within(panel).findByRole('button', { name: 'Record Video' }));
    await within(panel).findByRole('button', { name: 'Stop' });
    expect(tracks.length).toBe(2);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(tracks.every((t) => t.stopped)).toBe(true);
  });
});
