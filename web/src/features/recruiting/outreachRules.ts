import type { CoachLink } from './api';

// "E-mail this coach": the family's own mail app writes to the coach (mailto:, RFC 6068), so the
// conversation stays in their inbox; the product sends nothing on their behalf.

/** The newest link that still opens (not revoked, not expired), or null. */
export function newestActiveLink(links: CoachLink[] | undefined): CoachLink | null {
  const active = (links ?? []).filter((l) => l.state === 'active');
  return active.reduce<CoachLink | null>((newest, l) => (newest === null || l.id > newest.id ? l : newest), null);
}

export interface CoachEmail {
  /** The coach's address; empty leaves "To" for the family to fill. */
  to: string;
  /** The coach's name, for the greeting; empty: "Hello Coach". */
  coachName: string;
  athleteName: string;
  /** Comma-separated, as the profile holds them ("Baseball, Softball"). */
  sports: string;
  position: string;
  classOf: number;
  collegeName: string;
  /** The college's coach link; null when it has none, and then the message says nothing of one. */
  linkUrl: string | null;
}

/** The short message a family starts from. */
export function coachEmailText(e: CoachEmail): { subject: string; body: string } {
  const sport = e.sports.split(',')[0]?.trim() ?? '';
  const who = [`class of ${e.classOf}`, e.position.trim(), sport.toLowerCase()].filter(Boolean).join(' ');
  const subject = `${e.athleteName} (${who}): interested in ${e.collegeName}`;
  const greeting = e.coachName.trim() ? `Hello ${e.coachName.trim()},` : 'Hello Coach,';
  const lines = [greeting, '', `I'm ${e.athleteName}, ${who}, and I'm very interested in ${e.collegeName}.`];
  if (e.linkUrl) lines.push('', `Here is a page made for you with my video and details: ${e.linkUrl}`);
  lines.push('', 'Thank you for your time. I hope to hear from you.', '', e.athleteName);
  return { subject, body: lines.join('\r\n') };
}

/** The mailto: URL: the address as written (its @ kept), subject and body percent-encoded, line breaks as %0D%0A. */
export function coachMailto(e: CoachEmail): string {
  const { subject, body } = coachEmailText(e);
  const to = encodeURIComponent(e.to.trim()).replace(/%40/g, '@');
  return `mailto:${to}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
