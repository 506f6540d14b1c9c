import { useUser } from '../features/auth';
import { FeatureGrid, Hero, PricingTeaser, Testimonials, WaitlistSection } from '../features/marketing';

export function LandingPage() {
  const { user, isLoading } = useUser();
  return (
    <>
      <Hero signedIn={!!user} />
      <FeatureGrid />
      <PricingTeaser signedIn={!!user} />
      <Testimonials />
      {/* The news list is for a visitor not ready to sign up: not for a family already signed in (issue 33). */}
      {!isLoading && !user && <WaitlistSection inputId="landing-waitlist-email" />}
    </>
  );
}
