export function DemoPage() {
  return <div>DemoPage</div>;
}
