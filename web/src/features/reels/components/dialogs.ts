import { lazyDialog } from '../../../components/Dialog';
import type { ReelBuilderDialogProps } from './ReelBuilderDialog';

// The reel builder's code is fetched when it first opens, not with the media page that mounts it closed.
export const ReelBuilder = lazyDialog<ReelBuilderDialogProps>(() => import('./ReelBuilderDialog').then((m) => m.ReelBuilderDialog), {
  isOpen: (props) => props.athlete !== null,
  closed: (props) => ({ ...props, athlete: null }),
});
