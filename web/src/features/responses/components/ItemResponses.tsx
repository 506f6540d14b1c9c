import { useId, useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import type { ItemType, Reactions } from '../api';
import { useReactionMutation, useResponseSummary } from '../queries';
import { summaryOf } from '../reactionRules';
import { responsesText as t } from '../strings';
import { CommentsPanel } from './CommentsPanel';
import { ReactionBar } from './ReactionBar';

export interface ItemResponsesProps {
  itemType: ItemType;
  itemId: number;
  /** From the item's answer; absent (an answer from before comments): none. */
  commentCount?: number;
  /** From the item's answer; absent: none. */
  reactions?: Reactions;
  /** Smaller controls for a timeline or a side column. */
  compact?: boolean;
}

/**
 * The family's responses to one item: the reaction bar, and a toggle that opens its comments with a
 * field for a new one. Shown to everyone who may see the item, readers who may not edit it included.
 */
export function ItemResponses(props: ItemResponsesProps) {
  // Another item is another set of responses: what was open or counted here starts afresh (a preview
  // dialog that moves to the next item keeps its place in the tree).
  return <Responses key={`${props.itemType}:${props.itemId}`} {...props} />;
}

function Responses({ itemType, itemId, commentCount, reactions, compact = false }: ItemResponsesProps) {
  const item = { itemType, itemId };
  const summary = useResponseSummary(summaryOf(commentCount, reactions));
  const { react } = useReactionMutation(item, summary);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const count = summary.shown.commentCount;
  const onCounted = (delta: 1 | -1) => summary.update((s) => ({ ...s, commentCount: Math.max(0, s.commentCount + delta) }));

  return (
    <Stack gap="xs">
      <Group justify="space-between" gap={4} wrap="wrap">
        <ReactionBar reactions={summary.shown.reactions} onReact={react} compact={compact} />
        <Button
          variant="subtle"
          color="gray"
          size={compact ? 'compact-sm' : 'compact-md'}
          leftSection={<IconMessageCircle size={compact ? 14 : 16} aria-hidden />}
          aria-expanded={open}
          aria-controls={open ? panelId : undefined}
          onClick={() => setOpen((o) => !o)}
        >
          {t.comments(count)}
        </Button>
      </Group>
      {open && <CommentsPanel id={panelId} item={item} onCounted={onCounted} compact={compact} />}
    </Stack>
  );
}
