import { describe, expect, it } from 'vitest';
import type { CoachLink } from './api';
import { coachMailto, newestActiveLink, type CoachEmail } from './outreachRules';

const email: CoachEmail = {
  to: 'diaz@state.example',
  coachName: 'Coach Diaz',
  athleteName: 'Jordan Rivera',
  sports: 'Baseball, Softball',
  position: 'Shortstop',
  classOf: 2029,
  collegeName: 'State University & Tech',
  linkUrl: 'https://app.example/r/abc123XYZ789',
};

function link(id: number, state: CoachLink['state']): CoachLink {
  return { id, state, url: `https://app.example/r/code${id}` } as CoachLink;
}

describe('coachMailto', () => {
  it('addresses the coach and carries the link in a properly encoded body', () => {
    const href = coachMailto(email);
    expect(href.startsWith('mailto:diaz@state.example?subject=')).toBe(true);
    const params = new URL(href).searchParams;
    expect(params.get('subject')).toBe('Jordan Rivera (class of 2029 Shortstop baseball): interested in State University & Tech');
    const body = params.get('body')!;
    expect(body.startsWith('Hello Coach Diaz,\r\n\r\n')).toBe(true);
    expect(body).toContain('https://app.example/r/abc123XYZ789');
    // Spaces are %20 (a mail app shows a + literally), the & of the name cannot end the body early.
    expect(href).not.toContain('+');
    expect(href).toContain('%26%20Tech');
    expect(href).toContain('%0D%0A');
  });

  it('says nothing of a link when the college has none, and leaves To empty without an address', () => {
    const href = coachMailto({ ...email, to: '', coachName: '', linkUrl: null });
    expect(href.startsWith('mailto:?subject=')).toBe(true);
    const body = new URL(href).searchParams.get('body')!;
    expect(body.startsWith('Hello Coach,')).toBe(true);
    expect(body).not.toMatch(/page made for you|https?:/);
  });
});

describe('newestActiveLink', () => {
  it('takes the newest link that still opens', () => {
    expect(newestActiveLink([link(1, 'active'), link(3, 'revoked'), link(2, 'active'), link(4, 'expired')])?.id).toBe(2);
    expect(newestActiveLink([link(3, 'revoked')])).toBeNull();
    expect(newestActiveLink(undefined)).toBeNull();
  });
});
