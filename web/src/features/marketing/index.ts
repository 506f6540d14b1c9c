// The public pages' front door: the landing page's sections, the early-access portal's forms and the
// legal documents' layout.
export { CreateAccountForm } from './components/CreateAccountForm';
export { EarlyAccessBenefits } from './components/EarlyAccessBenefits';
export { FeatureGrid } from './components/FeatureGrid';
export { Hero } from './components/Hero';
export { LegalDocument, type LegalSection } from './components/LegalDocument';
export { PricingTeaser } from './components/PricingTeaser';
export { SignInForm } from './components/SignInForm';
export { Testimonials } from './components/Testimonials';
export { WaitlistSection } from './components/WaitlistSection';
