export function ContactPage() {
  return <div>ContactPage</div>;
}
