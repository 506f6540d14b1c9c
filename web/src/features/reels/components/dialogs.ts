import { lazyDialog } from '../../../components/Dialog';
import type { ReelBuilderDialogProps } from './ReelBuilderDialog';
import type { SeasonFilmDialogProps } from './SeasonFilmDialog';

// The reel builder's and the film dialog's code is fetched when they first open, not with the media page
// that mounts them closed.
export const ReelBuilder = lazyDialog<ReelBuilderDialogProps>(() => import('./ReelBuilderDialog').then((m) => m.ReelBuilderDialog), {
  isOpen: (props) => props.athlete !== null,
  closed: (props) => ({ ...props, athlete: null }),
});

export const SeasonFilm = lazyDialog<SeasonFilmDialogProps>(() => import('./SeasonFilmDialog').then((m) => m.SeasonFilmDialog), {
  isOpen: (props) => props.athlete !== null,
  closed: (props) => ({ ...props, athlete: null }),
});
