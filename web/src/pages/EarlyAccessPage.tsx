export function EarlyAccessPage() {
  return <div>EarlyAccessPage</div>;
}
