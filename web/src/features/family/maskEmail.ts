/**
 * The invited address as the server shows it (cmd/api/invitation_address.go): the first character of
 * the local part and the whole domain, lower case ("g•••@example.com"). The invitation page masks the
 * signed-in account's address the same way to tell at once that an invitation was sent elsewhere.
 */
export function maskEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.indexOf('@');
  if (at <= 0) return '•••';
  const first = Array.from(trimmed)[0];
  return `${first}•••@${trimmed.slice(at + 1)}`;
}
