import { Center, Loader, Stack, Text } from '@mantine/core';
import { LoadError } from '../../../components/LoadError';
import { ShowMore } from '../../../components/ShowMore';
import type { Comment, ItemRef } from '../api';
import { useComments, useDeleteCommentMutation } from '../queries';
import { responsesText as t } from '../strings';
import { CommentComposer } from './CommentComposer';
import { CommentItem } from './CommentItem';

interface CommentsPanelProps {
  id: string;
  item: ItemRef;
  /** A comment posted (+1) or deleted (-1) here. */
  onCounted: (delta: 1 | -1) => void;
  compact: boolean;
}

/** The comments, oldest first a page at a time, and the field for a new one. Read when first opened. */
export function CommentsPanel({ id, item, onCounted, compact }: CommentsPanelProps) {
  const comments = useComments(item, true);
  const remove = useDeleteCommentMutation(item, onCounted);
  const onDelete = (comment: Comment) => {
    if (window.confirm(t.confirmDelete)) remove.mutate(comment);
  };
  return (
    <Stack id={id} gap="sm">
      {comments.isLoading ? (
        <Center>
          <Loader size="sm" aria-label={t.loading} />
        </Center>
      ) : comments.isError && comments.items.length === 0 ? (
        <LoadError message={t.loadFailed} onRetry={() => void comments.refetch()} />
      ) : comments.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.none}
        </Text>
      ) : (
        <Stack component="ul" aria-label={t.listLabel} gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {comments.items.map((comment) => (
            <CommentItem
              key={comment.id}
              item={item}
              comment={comment}
              onDelete={onDelete}
              deleting={remove.isPending && remove.variables.id === comment.id}
            />
          ))}
        </Stack>
      )}
      <ShowMore list={comments} label={t.showMore} />
      <CommentComposer item={item} onCounted={onCounted} compact={compact} />
    </Stack>
  );
}
