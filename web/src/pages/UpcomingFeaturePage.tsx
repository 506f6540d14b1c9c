export function UpcomingFeaturePage({ title }: { title: string }) {
  return <div>{title}</div>;
}
