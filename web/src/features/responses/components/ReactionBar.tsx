import { Button, Group } from '@mantine/core';
import { NeedsSignal } from '../../../components/NeedsSignal';
import { REACTION_EMOJI, type Reactions } from '../api';
import { isMine, reactionCount } from '../reactionRules';
import { responsesText as t } from '../strings';

interface ReactionBarProps {
  reactions: Reactions;
  onReact: (emoji: string) => void;
  compact: boolean;
}

/**
 * The six reactions, each with its count when someone chose it; the caller's own is pressed, and a click
 * on it takes it back. The row wraps on a narrow screen.
 */
export function ReactionBar({ reactions, onReact, compact }: ReactionBarProps) {
  return (
    <Group gap={4} wrap="wrap" role="group" aria-label={t.reactionsLabel}>
      {REACTION_EMOJI.map((emoji) => {
        const n = reactionCount(reactions, emoji);
        const mine = isMine(reactions, emoji);
        return (
          <NeedsSignal key={emoji}>
          <Button
            size={compact ? 'compact-sm' : 'compact-md'}
            radius="xl"
            px={8}
            variant={mine ? 'light' : 'subtle'}
            color={mine ? 'navy' : 'gray'}
            aria-label={t.react(emoji, n)}
            aria-pressed={mine}
            onClick={() => onReact(emoji)}
            styles={{ label: { gap: 4, fontVariantNumeric: 'tabular-nums' } }}
          >
            <span aria-hidden>{emoji}</span>
            {n > 0 && <span aria-hidden>{n}</span>}
          </Button>
          </NeedsSignal>
        );
      })}
    </Group>
  );
}
