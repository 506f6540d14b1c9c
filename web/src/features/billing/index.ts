// Billing's front door: the Subscription page's plans and payment.
export { SubscriptionPlans } from './components/SubscriptionPlans';
