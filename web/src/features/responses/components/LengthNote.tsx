import { Text } from '@mantine/core';
import { COMMENT_MAX_LENGTH } from '../api';
import { LENGTH_SHOWN_FROM } from '../commentRules';
import { responsesText as t } from '../strings';

/** How long a comment is, once it nears the limit; an empty spot before that keeps the row's layout. */
export function LengthNote({ length }: { length: number }) {
  return (
    <Text size="xs" c={length >= COMMENT_MAX_LENGTH ? 'red' : 'dimmed'} aria-live="polite">
      {length >= LENGTH_SHOWN_FROM ? t.length(length) : ''}
    </Text>
  );
}
