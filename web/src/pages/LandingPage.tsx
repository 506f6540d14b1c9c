import { useUser } from '../features/auth';
import { FeatureGrid, Hero, PricingTeaser, Testimonials, WaitlistSection } from '../features/marketing';

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
