import { useState } from 'react';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { getHotkeyHandler } from '@mantine/hooks';
import { NeedsSignal } from '../../../components/NeedsSignal';
import { COMMENT_MAX_LENGTH, type ItemRef } from '../api';
import { commentProblem } from '../commentRules';
import { commentFieldError, usePostCommentMutation } from '../queries';
import { responsesText as t } from '../strings';
import { LengthNote } from './LengthNote';

interface CommentComposerProps {
  item: ItemRef;
  onCounted: (delta: 1) => void;
  compact: boolean;
}

/** The field a new comment is written in, full width, with Post; the server's refusal shows under it. */
export function CommentComposer({ item, onCounted, compact }: CommentComposerProps) {
  const [body, setBody] = useState('');
  const [problem, setProblem] = useState<string>();
  const post = usePostCommentMutation(item, onCounted);
  const submit = () => {
    const found = commentProblem(body);
    setProblem(found);
    if (found) return;
    post.mutate(body, { onSuccess: () => setBody('') });
  };
  return (
    <Stack gap={6}>
      <Textarea
        aria-label={t.writeLabel}
        placeholder={t.writePlaceholder}
        value={body}
        onChange={(e) => {
          setBody(e.currentTarget.value);
          setProblem(undefined);
          post.reset();
        }}
        onKeyDown={getHotkeyHandler([['mod+Enter', submit]])}
        maxLength={COMMENT_MAX_LENGTH}
        autosize
        minRows={compact ? 1 : 2}
        maxRows={10}
        size={compact ? 'xs' : 'sm'}
        error={problem ?? commentFieldError(post.error)}
      />
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <LengthNote length={body.length} />
        <NeedsSignal>
          <Button size="xs" loading={post.isPending} onClick={submit}>
            {t.post}
          </Button>
        </NeedsSignal>
      </Group>
    </Stack>
  );
}
