import { useUser } from '../features/auth/queries';
import { FeatureGrid } from '../features/marketing/components/FeatureGrid';
import { Hero } from '../features/marketing/components/Hero';
import { PricingTeaser } from '../features/marketing/components/PricingTeaser';
import { Testimonials } from '../features/marketing/components/Testimonials';
import { WaitlistSection } from '../features/marketing/components/WaitlistSection';

const WAITLIST_INPUT_ID = 'landing-waitlist-email';

/** Scrolls the waitlist section into view and puts the cursor in its e-mail field. */
function focusWaitlist() {
  document.getElementById('waitlist')?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  document.getElementById(WAITLIST_INPUT_ID)?.focus({ preventScroll: true });
}

export function LandingPage() {
  const { user } = useUser();
  return (
    <>
      <Hero signedIn={!!user} onJoinWaitlist={focusWaitlist} />
      <FeatureGrid />
      <PricingTeaser onJoinWaitlist={focusWaitlist} />
      <Testimonials />
      <WaitlistSection inputId={WAITLIST_INPUT_ID} />
    </>
  );
}
