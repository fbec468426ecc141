import { useState } from 'react';
import { Button, Stack, Text, Textarea, Title } from '@mantine/core';
import { mutate } from '../../api/graphql-client';
import type { ApiError } from '../../api/api-error';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { ReplyToMessage } from './mailbox-documents';

/** Replies to the message from its mailbox (the module threads it and sets In-Reply-To); plain text. */
export function ReplyBox({ messageId, onSent }: { messageId: string; onSent: () => void }) {
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<ApiError[]>([]);
  const [sent, setSent] = useState<{ id: string; status: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setErrors([]);
    setSent(null);
    setBusy(true);
    try {
      const result = await mutate(ReplyToMessage, { id: messageId, input: { text } });
      setSent(result.replyToMailboxMessage);
      setText('');
      onSent();
    } catch (error) {
      setErrors([error as ApiError]);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="reply-heading" maw={760}>
      <Title order={2} size="h4" id="reply-heading">
        Reply
      </Title>
      <ApiErrorAlert errors={errors} />
      {sent && (
        <Text role="status" size="sm">
          Reply sent: it is {sent.status} ({sent.id}).
        </Text>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <Stack gap="xs">
          <Textarea
            label="Reply"
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={3}
            required
          />
          <Button type="submit" loading={busy} disabled={!text.trim()} w="fit-content">
            Send
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
