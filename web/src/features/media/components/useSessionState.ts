import { useState } from 'react';

/**
 * State kept in sessionStorage under `key`: the library's view is still the one the family chose when
 * they come back to the page, so the scroll offset kept for that view applies.
 */
export function useSessionState<T extends string>(key: string, initial: T): [T, (value: T) => void] {
  const [value, setValue] = useState<T>(() => (sessionStorage.getItem(key) as T | null) ?? initial);
  const set = (next: T) => {
    sessionStorage.setItem(key, next);
    setValue(next);
  };
  return [value, set];
}
