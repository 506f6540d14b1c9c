import { cloneElement, type ReactElement } from 'react';
import { Tooltip } from '@mantine/core';
import { useOnline } from '../lib/network';
import { offlineText } from '../lib/messages';

/**
 * A control that changes data (issue 34): offline the page stays readable, and the control is disabled
 * with the reason on hover and focus. The wrapper takes the hover and focus a disabled button cannot.
 */
export function NeedsSignal({ children, block = false }: { children: ReactElement<{ disabled?: boolean }>; block?: boolean }) {
  const online = useOnline();
  if (online) return children;
  return (
    <Tooltip label={offlineText.notAvailable} withArrow>
      <span tabIndex={0} title={offlineText.notAvailable} style={{ display: block ? 'block' : 'inline-flex' }}>
        {cloneElement(children, { disabled: true })}
      </span>
    </Tooltip>
  );
}

/** For menu items, which cannot be wrapped: disabled offline, with the reason as their title. */
export function useOfflineDisabled(): { disabled: boolean; title: string | undefined } {
  const online = useOnline();
  return { disabled: !online, title: online ? undefined : offlineText.notAvailable };
}
