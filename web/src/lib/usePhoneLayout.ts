import { em } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

/**
 * Below Mantine's sm breakpoint (48em) tables (the circle's, the media list) turn into stacked cards: a table that
 * scrolls sideways would hide Status and the actions on a phone. Read on the first render (no flash).
 */
export function usePhoneLayout(): boolean {
  return useMediaQuery(`(max-width: ${em(767.98)})`, false, { getInitialValueInEffect: false });
}
