import { useEffect, useRef, useState } from 'react';
import {
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
  CloseButton,
} from '@mantine/core';
import type { ApiError } from '../../api/api-error';
import { mutate } from '../../api/graphql-client';
import { useSubscription } from '../../api/live';
import { useQuery, type QueryState } from '../../api/use-query';
import type { ConsoleSupportConversationQuery } from '../../gql/graphql';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { When } from '../../components/DataTable';
import { Loading } from '../../components/PageFrame';
import { cannedShortcut } from './canned-shortcut';
import {
  AssignMutation,
  CannedResponsesQuery,
  ReplyMutation,
  SnoozeMutation,
  StatusMutation,
  TagMutation,
  TypingMutation,
  VisitorTypingSubscription,
} from './support-documents';
import { TypingSender } from './typing-sender';

const HOUR = 3_600_000;

interface Canned {
  id: string;
  title: string;
  shortcut: string;
  content: string;
}

/** The thread, the reply box and the conversation's actions. */
export function ConversationView({
  id,
  conversation,
  agentId,
  onChanged,
  members,
}: {
  id: string;
  conversation: QueryState<ConsoleSupportConversationQuery>;
  agentId: string | null;
  onChanged: () => void;
  members: { userId: string; name?: string | null }[];
}) {
  const { data, errors, loading, refetch } = conversation;
  const [text, setText] = useState('');
  const [note, setNote] = useState(false);
  const [canned, setCanned] = useState<Canned | null>(null);
  const [tag, setTag] = useState('');
  const [busy, setBusy] = useState(false);
  const [actionErrors, setActionErrors] = useState<ApiError[]>([]);
  const shortcut = cannedShortcut(text);
  const suggestions = useQuery(CannedResponsesQuery, { search: shortcut || null }, { skip: shortcut === null });
  const [visitorTyping, setVisitorTyping] = useState(false);
  // A typing indicator is best effort: a failed subscription shows nothing rather than an error.
  useSubscription(
    VisitorTypingSubscription,
    { conversationId: id },
    (d) => setVisitorTyping(d.supportConversationTyping.typing),
    () => setVisitorTyping(false),
  );
  const actingAs = useRef(agentId);
  actingAs.current = agentId;
  const [typing] = useState(
    () =>
      new TypingSender(async (on) => {
        const ack = await mutate(TypingMutation, {
          id,
          input: { typing: on, ...(actingAs.current ? { authorId: actingAs.current } : {}) },
        });
        return ack.setSupportConversationTyping.expiresInMs;
      }),
  );
  useEffect(() => () => typing.stop(), [typing]);
  // A private note is not typing the visitor should see.
  useEffect(() => {
    if (note) typing.stop();
  }, [note, typing]);

  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setActionErrors([]);
    try {
      await work();
      refetch();
      onChanged();
      return true;
    } catch (error) {
      setActionErrors([error as ApiError]);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const send = async () => {
    const message = text.trim();
    if (!message && !canned) return;
    typing.stop();
    const sent = await act(() =>
      mutate(ReplyMutation, {
        id,
        input: {
          ...(message ? { message } : {}),
          type: note ? 'note' : 'reply',
          ...(agentId ? { authorId: agentId } : {}),
          ...(canned ? { cannedResponseId: canned.id } : {}),
        },
      }),
    );
    if (sent) {
      setText('');
      setCanned(null);
    }
  };

  if (loading && !data) return <Loading label="Loading the conversation" />;
  if (!data) return <ApiErrorAlert errors={errors} />;
  const c = data.supportConversation;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="start">
        <div>
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {c.subject || `Conversation ${c.id}`}
          </Title>
          <Group gap={4} mt={4}>
            <Badge>{c.status}</Badge>
            <Badge variant="outline">{c.channel}</Badge>
            {c.snoozedUntil && (
              <Text size="xs">
                snoozed until <When iso={c.snoozedUntil} />
              </Text>
            )}
            <Text size="xs">assigned to {c.assigneeId ?? 'nobody'}</Text>
          </Group>
        </div>
        <Group gap="xs">
          <Menu>
            <Menu.Target>
              <Button size="xs" variant="default" disabled={busy}>
                Assign
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {members.map((m) => (
                <Menu.Item
                  key={m.userId}
                  onClick={() => void act(() => mutate(AssignMutation, { id, input: { assigneeId: m.userId } }))}
                >
                  {m.name ? `${m.name} (${m.userId})` : m.userId}
                </Menu.Item>
              ))}
              <Menu.Item onClick={() => void act(() => mutate(AssignMutation, { id, input: { assigneeId: null } }))}>
                Nobody
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Menu>
            <Menu.Target>
              <Button size="xs" variant="default" disabled={busy}>
                Snooze
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                onClick={() =>
                  void act(() =>
                    mutate(SnoozeMutation, { id, input: { until: new Date(Date.now() + HOUR).toISOString() } }),
                  )
                }
              >
                For an hour
              </Menu.Item>
              <Menu.Item
                onClick={() =>
                  void act(() =>
                    mutate(SnoozeMutation, { id, input: { until: new Date(Date.now() + 24 * HOUR).toISOString() } }),
                  )
                }
              >
                Until tomorrow
              </Menu.Item>
              <Menu.Item
                onClick={() =>
                  void act(() =>
                    mutate(SnoozeMutation, {
                      id,
                      input: { until: new Date(Date.now() + 7 * 24 * HOUR).toISOString() },
                    }),
                  )
                }
              >
                For a week
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
          {c.status === 'resolved' ? (
            <Button
              size="xs"
              variant="default"
              disabled={busy}
              onClick={() => void act(() => mutate(StatusMutation, { id, input: { status: 'open' } }))}
            >
              Reopen
            </Button>
          ) : (
            <Button
              size="xs"
              disabled={busy}
              onClick={() => void act(() => mutate(StatusMutation, { id, input: { status: 'resolved' } }))}
            >
              Resolve
            </Button>
          )}
        </Group>
      </Group>
      <Group gap={4}>
        {c.tags.map((t) => (
          <Badge key={t.id} variant="dot">
            {t.name}
          </Badge>
        ))}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (tag.trim())
              void act(() => mutate(TagMutation, { id, input: { tags: [tag.trim()] } })).then((ok) => ok && setTag(''));
          }}
        >
          <Group gap={4}>
            <TextInput
              size="xs"
              aria-label="Add a tag"
              placeholder="Add a tag"
              value={tag}
              onChange={(e) => setTag(e.currentTarget.value)}
            />
            <Button size="xs" variant="subtle" type="submit">
              Tag
            </Button>
          </Group>
        </form>
      </Group>
      <ApiErrorAlert errors={[...errors, ...actionErrors]} />
      <Stack gap="xs" role="log" aria-label="Messages" aria-live="polite">
        {c.messages.map((m) => (
          <Paper
            key={m.id}
            withBorder
            p="xs"
            maw="80%"
            ml={m.senderType === 'visitor' ? 0 : 'auto'}
            bg={
              m.type === 'note'
                ? 'var(--mantine-color-yellow-0)'
                : m.senderType === 'visitor'
                  ? 'var(--mantine-color-gray-0)'
                  : 'var(--mantine-color-blue-0)'
            }
            style={
              m.type === 'note' ? { borderStyle: 'dashed', borderColor: 'var(--mantine-color-yellow-7)' } : undefined
            }
            aria-label={`${m.type === 'note' ? 'Private note' : m.senderType === 'visitor' ? 'Visitor' : 'Reply'} ${new Date(m.createdAt).toLocaleString()}`}
          >
            <Text size="xs" fw={600}>
              {m.type === 'note' ? 'Private note' : m.senderType === 'visitor' ? 'Visitor' : (m.authorId ?? 'Inbox')} ·{' '}
              <When iso={m.createdAt} />
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {m.content}
            </Text>
          </Paper>
        ))}
      </Stack>
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {visitorTyping ? 'Visitor is typing…' : ''}
      </Text>
      <Paper withBorder p="sm" bg={note ? 'var(--mantine-color-yellow-0)' : undefined}>
        <Stack gap="xs">
          <Textarea
            label="Reply"
            description="Type / and a shortcut for a canned response; Ctrl+Enter sends"
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              if (!note) typing.changed(e.currentTarget.value.trim() !== '');
            }}
            onBlur={() => typing.stop()}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                e.preventDefault();
                void send();
              }
            }}
            autosize
            minRows={3}
          />
          {shortcut !== null && (
            <Paper withBorder p={4} role="listbox" aria-label="Canned responses">
              {(suggestions.data?.supportCannedResponses.data ?? []).length === 0 && (
                <Text size="xs" c="dimmed">
                  {suggestions.loading ? 'Looking…' : `No canned response matches /${shortcut}`}
                </Text>
              )}
              {(suggestions.data?.supportCannedResponses.data ?? []).map((r) => (
                <Button
                  key={r.id}
                  role="option"
                  aria-selected={false}
                  variant="subtle"
                  size="compact-sm"
                  fullWidth
                  justify="start"
                  onClick={() => {
                    setCanned(r);
                    setText('');
                  }}
                >
                  /{r.shortcut} · {r.title}
                </Button>
              ))}
            </Paper>
          )}
          {canned && (
            <Group gap={4}>
              <Badge variant="light">Canned response: {canned.title}</Badge>
              <CloseButton size="sm" aria-label="Remove the canned response" onClick={() => setCanned(null)} />
              <Text size="xs" c="dimmed" lineClamp={1}>
                {canned.content}
              </Text>
            </Group>
          )}
          <Group justify="space-between">
            <Switch label="Private note" checked={note} onChange={(e) => setNote(e.currentTarget.checked)} />
            <Button onClick={() => void send()} loading={busy} disabled={!text.trim() && !canned}>
              Send
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
