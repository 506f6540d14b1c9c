// The contact page's front door: the form and the support details beside it.
export { ContactForm } from './components/ContactForm';
export { SupportDetails } from './components/SupportDetails';
