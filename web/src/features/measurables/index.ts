// An athlete's measurables and academics (height, weight, test scores, combine numbers): the profile
// page's card. Coaches see them through their link (features/coach-link).
export { MeasurablesCard } from './components/MeasurablesCard';
