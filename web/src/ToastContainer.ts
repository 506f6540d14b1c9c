// The toast container, a chunk of its own that Toasts.tsx fetches (and tests can make unreachable).
export { Notifications } from '@mantine/notifications';
