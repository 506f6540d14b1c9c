import { describe, expect, it } from 'vitest';
import { defaultSeason } from './season';

describe('the season a book defaults to', () => {
  it.each([
    ['Baseball', '2026-04-11', { name: '2026 Spring', from: '2026-02-01', to: '2026-06-30' }],
    ['Baseball, Football', '2026-11-27', { name: '2026 Spring', from: '2026-02-01', to: '2026-06-30' }],
    ['Baseball', '2026-01-10', { name: '2025 Spring', from: '2025-02-01', to: '2025-06-30' }],
    ['Football', '2026-10-02', { name: '2026 Fall', from: '2026-08-01', to: '2026-11-30' }],
    ['Football', '2026-05-02', { name: '2025 Fall', from: '2025-08-01', to: '2025-11-30' }],
    ['Basketball', '2027-02-14', { name: '2026–27 Winter', from: '2026-11-01', to: '2027-03-31' }],
    ['Basketball', '2026-12-01', { name: '2026–27 Winter', from: '2026-11-01', to: '2027-03-31' }],
    ['Ice_Hockey', '2028-01-05', { name: '2027–28 Winter', from: '2027-11-01', to: '2028-03-31' }],
    ['Rowing', '2026-07-15', { name: '2026 Summer', from: '2026-07-01', to: '2026-08-31' }],
    ['', '2026-01-15', { name: '2025–26 Winter', from: '2025-11-01', to: '2026-03-31' }],
  ])('%s on %s', (sports, today, want) => {
    expect(defaultSeason(sports, today)).toEqual(want);
  });
});
