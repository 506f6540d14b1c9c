import { describe, expect, it } from 'vitest';
import { formatHeight, formatMeasurable, formatWeight, sideLabel } from './measurables';

describe('measurables', () => {
  it('prints height in feet and inches', () => {
    expect(formatHeight(71)).toBe('5′ 11″');
    expect(formatHeight(72)).toBe('6′ 0″');
    expect(formatHeight(70.5)).toBe('5′ 10.5″');
  });
  it('prints weight in pounds', () => {
    expect(formatWeight(180)).toBe('180 lb');
    expect(formatWeight(180.5)).toBe('180.5 lb');
  });
  it('prints a time to hundredths and other units as they are', () => {
    expect(formatMeasurable(6.8, 's')).toBe('6.80 s');
    expect(formatMeasurable(88, 'mph')).toBe('88 mph');
    expect(formatMeasurable(32.5, 'in')).toBe('32.5 in');
    expect(formatMeasurable(11.5, 'level')).toBe('Level 11.5');
  });
  it('names a side', () => {
    expect(sideLabel('left')).toBe('Left');
    expect(sideLabel('')).toBe('');
  });
});
