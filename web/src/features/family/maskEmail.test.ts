import { describe, expect, it } from 'vitest';
import { maskEmail } from './maskEmail';

describe('maskEmail', () => {
  it('masks as the server does', () => {
    expect(maskEmail('grandma@example.com')).toBe('g•••@example.com');
    expect(maskEmail(' Rose@Example.COM ')).toBe('r•••@example.com');
    expect(maskEmail('élise@exemple.fr')).toBe('é•••@exemple.fr');
    expect(maskEmail('no-at-sign')).toBe('•••');
  });
});
