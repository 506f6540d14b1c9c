import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { renderWithProviders, testUser } from '../../../test/render';
import type { MediaItem } from '../../media';
import type { Highlights } from '../api';
import { VideoEditorDialog } from './VideoEditorDialog';
import { stubFetch, type RecordedCall, type StubRoutes } from '../../../test/fetch';
import { aMediaItem, anAthlete } from '../../../test/fixtures';

const VIDEO = aMediaItem({
  id: 2,
  title: 'Batting practice',
  mediaType: 'video',
  mimeType: 'video/mp4',
  mediaUrl: '/api/uploads/2.mp4',
  thumbnailUrl: '/api/uploads/2-thumb.jpg',
  duration: 65,
});
const LIST = '/api/athletes/7/media';
const HIGHLIGHTS = '/api/media/2/highlights';
const TRIM = '/api/media/2/trim';

const none: Highlights = { status: 'none', statusReason: '', segments: [] };
const pending: Highlights = { status: 'pending', statusReason: '', segments: [] };
const twoMoments: Highlights = {
  status: 'ready',
  statusReason: '',
  segments: [
    { start: 12.5, end: 18, score: 0.91, reason: 'crowd/audio peak' },
    { start: 40, end: 46.5, score: 0.74, reason: 'crowd/audio peak and scene change' },
  ],
};

beforeEach(() => {
  // jsdom has no media playback.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
});

afterEach(() => {
  notifications.clean();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function routes(overrides: StubRoutes = {}): StubRoutes {
  return {
    [`GET ${HIGHLIGHTS}`]: { body: none },
    ...overrides,
  };
}

/** The media page's part: the dialog open on one video until it closes itself. */
function Harness({ item }: { item: MediaItem }) {
  const [editing, setEditing] = useState<MediaItem | null>(item);
  return (
    <>
      <VideoEditorDialog item={editing} onClose={() => setEditing(null)} />
      <button type="button" onClick={() => setEditing(item)}>
        reopen
      </button>
    </>
  );
}

function renderEditor(item: MediaItem = VIDEO) {
  return renderWithProviders(<Harness item={item} />, { route: '/media', user: testUser });
}

const dialog = () => screen.getByRole('dialog', { name: 'Edit Video: Batting practice' });
const thumb = (name: 'Trim start' | 'Trim end' | 'Seek') => within(dialog()).getByRole('slider', { name });
const trimValues = () => [thumb('Trim start').getAttribute('aria-valuenow'), thumb('Trim end').getAttribute('aria-valuenow')];
const field = (label: 'Start (s)' | 'End (s)') => within(dialog()).getByRole('textbox', { name: label });
const posts = (calls: RecordedCall[], url: string) => calls.filter((c) => c.method === 'POST' && c.url === url);

describe('Video editor: trim', () => {
  it('starts the trim on the full duration of the clip', async () => {
    stubFetch(routes());
    renderEditor();
    expect(await screen.findByText('No highlights yet.')).toBeTruthy();
    expect(trimValues()).toEqual(['0', '65']);
    expect(thumb('Trim end').getAttribute('aria-valuemax')).toBe('65');
    expect(thumb('Trim start').getAttribute('aria-valuetext')).toBe('0:00.0');
    expect(thumb('Trim end').getAttribute('aria-valuetext')).toBe('1:05.0');
    expect((field('Start (s)') as HTMLInputElement).value).toBe('0');
    expect((field('End (s)') as HTMLInputElement).value).toBe('65');
  });

  it('refuses a start at or after the end: Invalid time range, and nothing is sent', async () => {
    const { calls } = stubFetch(routes());
    renderEditor();
    await screen.findByText('No highlights yet.');
    fireEvent.change(field('Start (s)'), { target: { value: '30' } });
    fireEvent.change(field('End (s)'), { target: { value: '20' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Clip' }));

    expect(await screen.findByText('Invalid time range')).toBeTruthy();
    expect(screen.getByText('Please make sure the start time is before the end time.')).toBeTruthy();
    expect(posts(calls, TRIM)).toHaveLength(0);
    expect(dialog()).toBeTruthy();
  });

  it('refuses an empty start (not a number) the same way', async () => {
    const { calls } = stubFetch(routes());
    renderEditor();
    await screen.findByText('No highlights yet.');
    fireEvent.change(field('Start (s)'), { target: { value: '' } });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Clip' }));
    expect(await screen.findByText('Invalid time range')).toBeTruthy();
    expect(posts(calls, TRIM)).toHaveLength(0);
  });

  it('saves the clip with the exact body, announces it and closes', async () => {
    const clip = aMediaItem({ id: 9, title: 'Batting practice (Clip)', mediaType: 'video', status: 'processing' });
    const { calls } = stubFetch(routes({ [`POST ${TRIM}`]: { status: 202, body: clip } }));
    renderEditor();
    await screen.findByText('No highlights yet.');
    fireEvent.change(field('Start (s)'), { target: { value: '10' } });
    fireEvent.change(field('End (s)'), { target: { value: '20.5' } });
    expect(trimValues()).toEqual(['10', '20.5']);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Clip' }));

    expect(await screen.findByText('Clip saved successfully!')).toBeTruthy();
    expect(posts(calls, TRIM).map((c) => c.body)).toEqual([{ startTime: 10, endTime: 20.5, title: 'Batting practice (Clip)' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says Failed to save clip with the server’s reason on a 413', async () => {
    stubFetch(routes({ [`POST ${TRIM}`]: { status: 413, body: { message: 'Storage limit reached for your plan' } } }));
    renderEditor();
    await screen.findByText('No highlights yet.');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Clip' }));
    expect(await screen.findByText('Failed to save clip')).toBeTruthy();
    expect(screen.getByText('Storage limit reached for your plan')).toBeTruthy();
    expect(dialog()).toBeTruthy();
  });

  it('says the spec’s message when the server gives no reason', async () => {
    stubFetch(routes({ [`POST ${TRIM}`]: { status: 500, body: { message: 'internal' } } }));
    renderEditor();
    await screen.findByText('No highlights yet.');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Save Clip' }));
    expect(await screen.findByText('Failed to save clip')).toBeTruthy();
    expect(screen.getByText('There was an error saving your clip. Please try again.')).toBeTruthy();
  });
});

describe('Video editor: highlights', () => {
  it('polls a detection until it is ready, lists the moments and trims to the first', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let gets = 0;
    const { calls } = stubFetch(
      routes({
        [`GET ${HIGHLIGHTS}`]: () => {
          gets += 1;
          return { body: gets === 1 ? none : gets === 2 ? pending : twoMoments };
        },
        [`POST ${HIGHLIGHTS}`]: { status: 202, body: pending },
      }),
    );
    renderEditor();
    await screen.findByText('No highlights yet.');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Detect Highlights' }));

    expect(await screen.findByText('Detecting highlights…')).toBeTruthy();
    expect(posts(calls, HIGHLIGHTS)).toHaveLength(1);
    expect(gets).toBe(1);
    // lib/jobStatus: the first poll comes after 250 ms, the next after as long again.
    await act(() => vi.advanceTimersByTimeAsync(260));
    expect(gets).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(gets).toBe(3);

    expect(await screen.findByText('Highlights generated!')).toBeTruthy();
    expect(screen.getByText('Found 2 exciting moments in your video.')).toBeTruthy();
    const list = screen.getByTestId('highlight-list');
    const buttons = within(list).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      '0:12.5 – 0:18.0, Crowd/audio peak',
      '0:40.0 – 0:46.5, Crowd/audio peak and scene change',
    ]);
    expect(trimValues()).toEqual(['12.5', '18']);
    expect(buttons[0]!.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByLabelText<HTMLVideoElement>(/^Batting practice:/).currentTime).toBe(12.5);

    // Ready: no more polling.
    await act(() => vi.advanceTimersByTimeAsync(6000));
    expect(gets).toBe(3);
  });

  it('announces a failed detection and shows its reason', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let gets = 0;
    stubFetch(
      routes({
        [`GET ${HIGHLIGHTS}`]: () => {
          gets += 1;
          return { body: gets === 1 ? none : { status: 'failed', statusReason: 'The video has no audio track.', segments: [] } };
        },
        [`POST ${HIGHLIGHTS}`]: { status: 202, body: pending },
      }),
    );
    renderEditor();
    await screen.findByText('No highlights yet.');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Detect Highlights' }));
    await screen.findByText('Detecting highlights…');
    await act(() => vi.advanceTimersByTimeAsync(1500));

    expect(await screen.findByText('Highlight generation failed')).toBeTruthy();
    expect(screen.getByText('There was an error detecting highlights. Please try again.')).toBeTruthy();
    expect(screen.getByText('The last detection failed. The video has no audio track.')).toBeTruthy();
    expect(trimValues()).toEqual(['0', '65']);
  });

  it('announces a refused detection request with the server’s reason', async () => {
    stubFetch(
      routes({
        [`POST ${HIGHLIGHTS}`]: { status: 409, body: { message: 'This video is still being processed. Try again when it is ready.' } },
      }),
    );
    renderEditor();
    await screen.findByText('No highlights yet.');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Detect Highlights' }));
    expect(await screen.findByText('Highlight generation failed')).toBeTruthy();
    expect(screen.getByText('This video is still being processed. Try again when it is ready.')).toBeTruthy();
  });

  it('shows stored highlights on reopening, from GET only, and a moment selects its range', async () => {
    const { calls } = stubFetch(routes({ [`GET ${HIGHLIGHTS}`]: { body: twoMoments } }));
    renderEditor();
    const list = await screen.findByTestId('highlight-list');
    // Stored moments do not move the trim by themselves, and nothing is announced.
    expect(trimValues()).toEqual(['0', '65']);
    expect(screen.queryByText('Highlights generated!')).toBeNull();

    fireEvent.click(within(list).getByRole('button', { name: /^0:40\.0 – 0:46\.5/ }));
    expect(trimValues()).toEqual(['40', '46.5']);
    expect(screen.getByLabelText<HTMLVideoElement>(/^Batting practice:/).currentTime).toBe(40);

    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'reopen' }));
    expect(await screen.findByTestId('highlight-list')).toBeTruthy();
    expect(trimValues()).toEqual(['0', '65']);
    expect(posts(calls, HIGHLIGHTS)).toHaveLength(0);
  });
});

describe('Video editor: playback and sharing', () => {
  it('plays from the trim start when the video is outside the trim', async () => {
    stubFetch(routes({ [`GET ${HIGHLIGHTS}`]: { body: twoMoments } }));
    renderEditor();
    const list = await screen.findByTestId('highlight-list');
    fireEvent.click(within(list).getByRole('button', { name: /^0:12\.5/ }));
    const video = screen.getByLabelText<HTMLVideoElement>(/^Batting practice:/);
    video.currentTime = 30;
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Play' }));
    expect(video.currentTime).toBe(12.5);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
  });

  it('pauses at the trim end and returns to the trim start', async () => {
    stubFetch(routes({ [`GET ${HIGHLIGHTS}`]: { body: twoMoments } }));
    renderEditor();
    const list = await screen.findByTestId('highlight-list');
    fireEvent.click(within(list).getByRole('button', { name: /^0:12\.5/ }));
    const video = screen.getByLabelText<HTMLVideoElement>(/^Batting practice:/);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Play' }));
    // What a playing element reports, which jsdom cannot do by itself.
    Object.defineProperty(video, 'paused', { configurable: true, value: false });

    video.currentTime = 17.9;
    fireEvent.timeUpdate(video);
    expect(HTMLMediaElement.prototype.pause).not.toHaveBeenCalled();
    video.currentTime = 18.02;
    fireEvent.timeUpdate(video);
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalledTimes(1);
    expect(video.currentTime).toBe(12.5);
  });

  it('seeks on a quick swipe over the video and toggles play on a double tap', async () => {
    stubFetch(routes());
    renderEditor();
    await screen.findByText('No highlights yet.');
    const stage = screen.getByTestId('video-stage');
    vi.spyOn(stage, 'getBoundingClientRect').mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 390, height: 220 }));
    const video = screen.getByLabelText<HTMLVideoElement>(/^Batting practice:/);
    const touch = (x: number) => ({ clientX: x, clientY: 100 });
    // The modal's scroll lock reads changedTouches of every touch event, as browsers fill them in.
    /** A touch event at a given time (fireEvent leaves timeStamp to the clock). */
    const fire = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, timeStamp: number) => {
      const touches = type === 'touchEnd' ? [] : [touch(x)];
      const event = createEvent[type](stage, { touches, changedTouches: [touch(x)] });
      Object.defineProperty(event, 'timeStamp', { value: timeStamp });
      fireEvent(stage, event);
    };

    // Half the width, quickly: +7.5 s, previewed while the finger moves.
    fire('touchStart', 100, 1000);
    fire('touchMove', 295, 1100);
    expect(within(stage).getByRole('status').textContent).toBe('+7.5 s → 0:07.5');
    fire('touchEnd', 295, 1150);
    expect(video.currentTime).toBe(7.5);
    expect(within(stage).queryByRole('status')).toBeNull();
    // The same distance, slowly (over 300 ms): a preview only, no seek.
    fire('touchStart', 100, 2000);
    fire('touchEnd', 295, 2400);
    expect(video.currentTime).toBe(7.5);

    fire('touchStart', 200, 3000);
    fire('touchEnd', 200, 3050);
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();
    fire('touchStart', 205, 3200);
    fire('touchEnd', 205, 3250);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    // Two taps 400 ms apart are two single taps.
    fire('touchStart', 200, 6000);
    fire('touchEnd', 200, 6050);
    fire('touchStart', 200, 6400);
    fire('touchEnd', 200, 6450);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
  });

  it('asks in its own dialog what the link shows, then creates it and offers Copy Link and the social targets', async () => {
    const confirm = vi.spyOn(window, 'confirm');
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { calls } = stubFetch(
      routes({
        'GET /api/athletes': { body: [anAthlete()] },
        'POST /api/media/2/share': { status: 201, body: { shareCode: 'Ab3dE9', shareUrl: '/share/Ab3dE9' } },
      }),
    );
    renderEditor();
    await screen.findByText('No highlights yet.');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Share to Social' }));

    // The video is private: the question says so, and what the link's page shows.
    const question = await screen.findByRole('dialog', { name: 'Share link: Batting practice' });
    await waitFor(() => expect(question.textContent).toContain("Jordan Rivera's name"));
    expect(question.textContent).toContain('Family only');
    expect(posts(calls, '/api/media/2/share')).toHaveLength(0);
    fireEvent.click(within(question).getByRole('button', { name: 'Create link' }));

    expect(await screen.findByText('Share link created!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Share link: Batting practice' })).toBeNull());
    const panel = await screen.findByTestId('social-share');
    const link = `${window.location.origin}/share/Ab3dE9`;
    expect(within(panel).getByRole<HTMLInputElement>('textbox', { name: 'Share link' }).value).toBe(link);
    expect(within(panel).getByRole('link', { name: 'Share on Twitter' }).getAttribute('href')).toContain(encodeURIComponent(link));
    expect(within(panel).getByRole('link', { name: 'Share on Facebook' }).getAttribute('href')).toContain(encodeURIComponent(link));
    expect(within(panel).getByRole('link', { name: 'Share by e-mail' }).getAttribute('href')).toMatch(/^mailto:/);
    expect(posts(calls, '/api/media/2/share')).toHaveLength(1);
    expect(posts(calls, '/api/media/2/share')[0]?.body).toEqual({ makeShareable: true });
    expect(confirm).not.toHaveBeenCalled();

    fireEvent.click(within(panel).getByRole('button', { name: 'Copy Link' }));
    expect(await screen.findByText('Link copied to clipboard')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(link);
  });

  it('closes only the question on Escape, and makes no link', async () => {
    const { calls } = stubFetch(routes({ 'GET /api/athletes': { body: [anAthlete()] } }));
    renderEditor();
    await screen.findByText('No highlights yet.');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Share to Social' }));
    const question = await screen.findByRole('dialog', { name: 'Share link: Batting practice' });
    fireEvent.keyDown(within(question).getByRole('button', { name: 'Cancel' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Share link: Batting practice' })).toBeNull());
    expect(dialog()).toBeTruthy();
    expect(posts(calls, '/api/media/2/share')).toHaveLength(0);
  });

  it('says Share creation failed when the link cannot be made', async () => {
    stubFetch(routes({ 'GET /api/athletes': { body: [anAthlete()] }, 'POST /api/media/2/share': { status: 500, body: {} } }));
    renderEditor();
    await screen.findByText('No highlights yet.');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Share to Social' }));
    const question = await screen.findByRole('dialog', { name: 'Share link: Batting practice' });
    fireEvent.click(within(question).getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('Share creation failed')).toBeTruthy();
    expect(screen.queryByTestId('social-share')).toBeNull();
  });

  it('keeps a video that is still processing from being trimmed or analysed', async () => {
    const processing = { ...VIDEO, status: 'processing' as const };
    stubFetch(routes({ [`GET ${LIST}`]: { body: [processing] } }));
    renderEditor(processing);
    expect(await screen.findByText(/still being processed/)).toBeTruthy();
    expect(within(dialog()).getByRole('button', { name: 'Save Clip' }).hasAttribute('disabled')).toBe(true);
    expect(within(dialog()).getByRole('button', { name: 'Detect Highlights' }).hasAttribute('disabled')).toBe(true);
  });
});
