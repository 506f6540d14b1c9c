import { lazyDialog } from '../../../components/Dialog';
import type { Achievement } from '../api';

// The achievement and share-card dialogs: their code (the form's selects and autocomplete, the card's
// targets) is fetched when each first opens, not with the dashboard and showcase that mount them closed.

export interface AchievementFormState {
  opened: boolean;
  achievement: Achievement | null;
}

export const closedAchievementForm: AchievementFormState = { opened: false, achievement: null };

export interface AchievementFormModalProps {
  athleteId: number;
  state: AchievementFormState;
  onClose: () => void;
}

export const AchievementFormModal = lazyDialog<AchievementFormModalProps>(
  () => import('./AchievementFormModal').then((m) => m.AchievementFormModal),
  { isOpen: (props) => props.state.opened, closed: (props) => ({ ...props, state: closedAchievementForm }) },
);

export interface ShareCardModalProps {
  achievement: Achievement | null;
  onClose: () => void;
}

export const ShareCardModal = lazyDialog<ShareCardModalProps>(() => import('./ShareCardModal').then((m) => m.ShareCardModal), {
  isOpen: (props) => props.achievement !== null,
  closed: (props) => ({ ...props, achievement: null }),
});
