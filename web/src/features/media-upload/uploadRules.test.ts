import { describe, expect, it } from 'vitest';
import {
  formatElapsed,
  formatSize,
  pickRecordingType,
  recordingFileName,
  recordingStamp,
  titleFromFileName,
  uploadPercent,
  wholeMb,
} from './uploadRules';

describe('titleFromFileName', () => {
  it.each([
    ['game-day.mp4', 'game-day'],
    ['walk.off.final.mov', 'walk.off.final'],
    ['README', 'README'],
    ['.hidden', '.hidden'],
    ['trailing.', 'trailing'],
  ])('%j -> %j', (name, title) => {
    expect(titleFromFileName(name)).toBe(title);
  });
});

describe('uploadPercent', () => {
  it.each([
    [0, 100, 0],
    [1, 3, 33],
    [2, 3, 67],
    [100, 100, 100],
    [150, 100, 100],
    [10, 0, 0],
  ])('%d of %d -> %d%%', (loaded, total, percent) => {
    expect(uploadPercent(loaded, total)).toBe(percent);
  });
});

describe('sizes in whole MB', () => {
  it('rounds to whole MB and never shows a small file as 0 MB', () => {
    expect(wholeMb(50 * 1024 * 1024)).toBe(50);
    expect(formatSize(3.4 * 1024 * 1024)).toBe('3 MB');
    expect(formatSize(200 * 1024)).toBe('200 KB');
  });
});

describe('pickRecordingType', () => {
  const chrome = (type: string) => type.startsWith('video/webm') || type.startsWith('audio/webm');
  const safari = (type: string) => type.endsWith('mp4');
  it('prefers WebM with codecs, falls back to MP4, else lets the browser choose', () => {
    expect(pickRecordingType('video', chrome)).toBe('video/webm;codecs=vp8,opus');
    expect(pickRecordingType('audio', chrome)).toBe('audio/webm;codecs=opus');
    expect(pickRecordingType('video', safari)).toBe('video/mp4');
    expect(pickRecordingType('audio', safari)).toBe('audio/mp4');
    expect(pickRecordingType('audio', () => false)).toBe('');
  });
});

describe('recordings', () => {
  it('names the file after its container', () => {
    expect(recordingFileName('video/webm;codecs=vp8,opus')).toBe('recording.webm');
    expect(recordingFileName('audio/mp4')).toBe('recording.mp4');
    expect(recordingFileName('')).toBe('recording.webm');
  });

  it('stamps the default title with the date and time', () => {
    expect(recordingStamp(new Date(2026, 3, 12, 15, 42))).toBe('Apr 12, 2026 3:42 PM');
  });

  it('shows the running time as m:ss', () => {
    expect(formatElapsed(0)).toBe('0:00');
    expect(formatElapsed(9.7)).toBe('0:09');
    expect(formatElapsed(125)).toBe('2:05');
  });
});
