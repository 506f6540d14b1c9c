import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { Button } from '@mantine/core';
import { renderWithProviders, testUser } from '../test/render';
import { goOffline, goOnline } from '../test/network';
import { NeedsSignal } from './NeedsSignal';

afterEach(() => goOnline());

describe('NeedsSignal (issue 34)', () => {
  it('disables a control that changes data while offline, says why, and gives it back online', () => {
    renderWithProviders(
      <NeedsSignal>
        <Button>Add Event</Button>
      </NeedsSignal>,
      { user: testUser },
    );
    const button = () => screen.getByRole('button', { name: 'Add Event' }) as HTMLButtonElement;
    expect(button().disabled).toBe(false);
    goOffline();
    expect(button().disabled).toBe(true);
    expect(screen.getByTitle('Not available offline')).toBeTruthy();
    goOnline();
    expect(button().disabled).toBe(false);
    expect(screen.queryByTitle('Not available offline')).toBeNull();
  });

});
