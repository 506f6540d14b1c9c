export function TermsPage() {
  return <div>TermsPage</div>;
}
