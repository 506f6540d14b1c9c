import { useState } from 'react';
import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { getHotkeyHandler } from '@mantine/hooks';
import { NeedsSignal } from '../../../components/NeedsSignal';
import { dateLabel } from '../../../lib/format';
import { COMMENT_MAX_LENGTH, type Comment, type ItemRef } from '../api';
import { commentProblem } from '../commentRules';
import { commentFieldError, useEditCommentMutation } from '../queries';
import { responsesText as t } from '../strings';
import { LengthNote } from './LengthNote';

/** Line breaks kept, long words (a pasted link) broken: the body is plain text, never HTML or links. */
export const bodyStyle = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

interface CommentItemProps {
  item: ItemRef;
  comment: Comment;
  onDelete: (comment: Comment) => void;
  deleting: boolean;
}

/** One comment: who, when, what; its author may edit it, and its author, the owner or an admin delete it. */
export function CommentItem({ item, comment, onDelete, deleting }: CommentItemProps) {
  const [editing, setEditing] = useState(false);
  return (
    <Stack component="li" gap={2}>
      <Group gap={6} wrap="wrap">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {comment.authorName}
        </Text>
        <Text size="xs" c="dimmed" component="time" dateTime={comment.createdAt} title={new Date(comment.createdAt).toLocaleString()}>
          {dateLabel(comment.createdAt)}
        </Text>
        {comment.edited && (
          <Text size="xs" c="dimmed">
            {t.edited}
          </Text>
        )}
      </Group>
      {editing ? (
        <EditComment item={item} comment={comment} onDone={() => setEditing(false)} />
      ) : (
        <Text size="sm" style={bodyStyle}>
          {comment.body}
        </Text>
      )}
      {!editing && (comment.mine || comment.canDelete) && (
        <Group gap={4}>
          {comment.mine && (
            <NeedsSignal>
              <Button variant="subtle" size="compact-xs" color="gray" aria-label={t.editLabel} onClick={() => setEditing(true)}>
                {t.edit}
              </Button>
            </NeedsSignal>
          )}
          {comment.canDelete && (
            <NeedsSignal>
            <Button
              variant="subtle"
              size="compact-xs"
              color="red"
              aria-label={t.deleteLabel(comment.authorName)}
              loading={deleting}
              onClick={() => onDelete(comment)}
            >
              {t.delete}
            </Button>
            </NeedsSignal>
          )}
        </Group>
      )}
    </Stack>
  );
}

function EditComment({ item, comment, onDone }: { item: ItemRef; comment: Comment; onDone: () => void }) {
  const [body, setBody] = useState(comment.body);
  const [problem, setProblem] = useState<string>();
  const edit = useEditCommentMutation(item);
  const save = () => {
    const found = commentProblem(body);
    setProblem(found);
    if (found) return;
    edit.mutate({ id: comment.id, body }, { onSuccess: onDone });
  };
  return (
    <Stack gap={6}>
      <Textarea
        aria-label={t.editFieldLabel}
        value={body}
        onChange={(e) => {
          setBody(e.currentTarget.value);
          setProblem(undefined);
        }}
        onKeyDown={getHotkeyHandler([['mod+Enter', save]])}
        maxLength={COMMENT_MAX_LENGTH}
        autosize
        minRows={2}
        maxRows={10}
        error={problem ?? commentFieldError(edit.error)}
        autoFocus
      />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <LengthNote length={body.length} />
        <Group gap="xs" wrap="nowrap">
          <Button variant="default" size="xs" onClick={onDone}>
            {t.cancel}
          </Button>
          <Button size="xs" loading={edit.isPending} onClick={save}>
            {t.save}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
