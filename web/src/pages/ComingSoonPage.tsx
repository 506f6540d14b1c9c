export function ComingSoonPage() {
  return <div>ComingSoonPage</div>;
}
