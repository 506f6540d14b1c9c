import { useUser } from '../features/auth';
import { FeatureGrid, Hero, PricingTeaser, Testimonials, WaitlistSection } from '../features/marketing';

export function LandingPage() {
  const { user } = useUser();
  return (
    <>
      <Hero signedIn={!!user} />
      <FeatureGrid />
      <PricingTeaser />
      <Testimonials />
      <WaitlistSection inputId="landing-waitlist-email" />
    </>
  );
}
