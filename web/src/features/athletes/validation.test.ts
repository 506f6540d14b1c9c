import { describe, expect, it } from 'vitest';
import {
  athleteRules,
  emptyAthleteValues,
  gpaError,
  graduationYearError,
  normalizeSports,
  valuesToInput,
  type AthleteFormValues,
} from './validation';

const YEAR = 2026;
const yearMessage = 'Graduation year must be between 2026 and 2036';
const gpaMessage = 'GPA must be between 0 and 5.0';

describe('graduationYearError', () => {
  it.each([
    [2026, null],
    [2030, null],
    [2036, null],
    ['2031', null],
    [2025, yearMessage],
    [2037, yearMessage],
    [2027.5, yearMessage],
    ['', yearMessage],
    ['abc', yearMessage],
  ])('%s → %s', (value, expected) => {
    expect(graduationYearError(value, YEAR)).toBe(expected);
  });
});

describe('gpaError', () => {
  it.each([
    ['', null],
    ['  ', null],
    [0, null],
    [3.85, null],
    [5, null],
    ['4.2', null],
    [5.01, gpaMessage],
    [-0.1, gpaMessage],
    ['x', gpaMessage],
  ])('%s → %s', (value, expected) => {
    expect(gpaError(value)).toBe(expected);
  });
});

describe('athleteRules', () => {
  const rules = athleteRules(YEAR);

  it('requires Full Name, Sports and School, ignoring surrounding spaces', () => {
    expect(rules.name('  ')).toBe('Full Name is required');
    expect(rules.sports(' , ')).toBe('Sports is required');
    expect(rules.school('')).toBe('School is required');
    expect(rules.name('Jordan Rivera')).toBeNull();
    expect(rules.sports('Baseball')).toBeNull();
    expect(rules.school('Lincoln High')).toBeNull();
  });

  it('checks the year against the current year and the GPA range', () => {
    expect(rules.graduationYear(2040)).toBe(yearMessage);
    expect(rules.gpa(6)).toBe(gpaMessage);
  });
});

describe('form values', () => {
  it('defaults the graduation year to four years out, and the name (never the parent’s, issue 33) and GPA to empty', () => {
    expect(emptyAthleteValues(YEAR)).toMatchObject({ name: '', graduationYear: 2030, gpa: '' });
  });

  it('trims fields, tidies the sports list and sends an empty GPA as null', () => {
    const values: AthleteFormValues = {
      name: ' Jordan Rivera ',
      sports: 'Baseball ,softball,, ',
      position: ' Pitcher',
      graduationYear: 2028,
      gpa: '',
      school: 'Lincoln High ',
      bio: '',
      timeZone: 'America/Chicago',
    };
    expect(valuesToInput(values)).toEqual({
      name: 'Jordan Rivera',
      sports: 'Baseball, softball',
      position: 'Pitcher',
      graduationYear: 2028,
      gpa: null,
      school: 'Lincoln High',
      bio: '',
      timeZone: 'America/Chicago',
    });
    expect(normalizeSports('Baseball')).toBe('Baseball');
  });
});
