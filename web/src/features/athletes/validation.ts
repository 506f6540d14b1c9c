import { validation } from '../../lib/messages';
import { browserTimeZone } from '../events';
import type { AthleteInput } from './api';
import type { Athlete } from '../../lib/currentAthlete';

// The athlete profile rules, the same the server applies (spec section 5, docs/API.md), so a form
// error shows before the round trip and the server's 400 `errors` land on the same field names.

export const MAX_GPA = 5;
export const GRADUATION_YEAR_SPAN = 10;
export const DEFAULT_YEARS_TO_GRADUATION = 4;

/** NumberInput answers a number, or a string while empty or half typed. */
export type NumericValue = number | string;

export interface AthleteFormValues {
  name: string;
  sports: string;
  position: string;
  graduationYear: NumericValue;
  gpa: NumericValue;
  school: string;
  bio: string;
  /** IANA zone: shown when editing; a new profile takes the browser's. */
  timeZone: string;
}

export function graduationYearBounds(currentYear: number): { min: number; max: number } {
  return { min: currentYear, max: currentYear + GRADUATION_YEAR_SPAN };
}

function toNumber(value: NumericValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const trimmed = value.trim();
  if (!trimmed) return null;
  const parsed = Number(trimmed);
  return Number.isFinite(parsed) ? parsed : null;
}

const required = (message: string) => (value: string) => (value.trim() ? null : message);

export function graduationYearError(value: NumericValue, currentYear: number): string | null {
  const { min, max } = graduationYearBounds(currentYear);
  const year = toNumber(value);
  if (year === null || !Number.isInteger(year) || year < min || year > max) {
    return validation.graduationYear(min, max);
  }
  return null;
}

/** GPA is optional: empty is fine, otherwise a number from 0 to 5.0. */
export function gpaError(value: NumericValue): string | null {
  if (typeof value === 'string' && !value.trim()) return null;
  const gpa = toNumber(value);
  return gpa === null || gpa < 0 || gpa > MAX_GPA ? validation.gpa : null;
}

/** Rules for @mantine/form's `validate`, keyed by the same field names the server uses. */
export function athleteRules(currentYear: number) {
  return {
    name: required(validation.athleteName),
    sports: (value: string) => (normalizeSports(value) ? null : validation.athleteSports),
    school: required(validation.athleteSchool),
    graduationYear: (value: NumericValue) => graduationYearError(value, currentYear),
    gpa: gpaError,
  };
}

/** "baseball ,  softball," becomes "baseball, softball". */
export function normalizeSports(value: string): string {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
}

export function emptyAthleteValues(currentYear: number): AthleteFormValues {
  return {
    name: '',
    sports: '',
    position: '',
    graduationYear: currentYear + DEFAULT_YEARS_TO_GRADUATION,
    gpa: '',
    school: '',
    bio: '',
    timeZone: browserTimeZone(),
  };
}

export function athleteToValues(athlete: Athlete): AthleteFormValues {
  return {
    name: athlete.name,
    sports: athlete.sports,
    position: athlete.position,
    graduationYear: athlete.graduationYear,
    gpa: athlete.gpa ?? '',
    school: athlete.school,
    bio: athlete.bio,
    timeZone: athlete.timeZone,
  };
}

/** Only call with values that passed athleteRules. */
export function valuesToInput(values: AthleteFormValues): AthleteInput {
  return {
    name: values.name.trim(),
    sports: normalizeSports(values.sports),
    position: values.position.trim(),
    graduationYear: toNumber(values.graduationYear) ?? 0,
    gpa: toNumber(values.gpa),
    school: values.school.trim(),
    bio: values.bio.trim(),
    timeZone: values.timeZone,
  };
}
