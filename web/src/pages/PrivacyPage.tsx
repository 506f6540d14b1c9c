export function PrivacyPage() {
  return <div>PrivacyPage</div>;
}
