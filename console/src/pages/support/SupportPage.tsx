import { useState } from 'react';
import { Alert, Grid, Text } from '@mantine/core';
import { useParams } from 'react-router-dom';
import { useSubscription } from '../../api/live';
import { LiveEventsSubscription } from '../../api/live-events';
import { useHasScope } from '../../api/session-context';
import { useQuery } from '../../api/use-query';
import { PageFrame } from '../../components/PageFrame';
import { ConversationList } from './ConversationList';
import { ConversationView } from './ConversationView';
import { SUPPORT_EVENT_TYPES, SupportConversationQuery, SupportVisitorPanelQuery } from './support-documents';
import { VisitorPanel } from './VisitorPanel';
import { loadFilters, saveFilters, type WorkspaceFilters } from './workspace-filters';

/** The agent workspace: conversations, the open one's thread and reply box, the visitor beside it; live. */
function Workspace() {
  const { id = null } = useParams();
  const [filters, setFilters] = useState<WorkspaceFilters>(loadFilters);
  const [listReload, setListReload] = useState(0);
  const [threadReload, setThreadReload] = useState(0);
  const [liveError, setLiveError] = useState<string | null>(null);
  const live = useHasScope('webhooks');
  useSubscription(
    LiveEventsSubscription,
    { types: SUPPORT_EVENT_TYPES },
    ({ events: event }) => {
      setListReload((n) => n + 1);
      if (id && (event.data as { conversationId?: string }).conversationId === id) setThreadReload((n) => n + 1);
    },
    setLiveError,
    !live,
  );
  // The thread, then the visitor panel for the conversation's visitor and inbox (the schema has no link between them).
  const conversation = useQuery(SupportConversationQuery, { id: id ?? '' }, { skip: !id, reloadKey: threadReload });
  const c = id && conversation.data?.supportConversation.id === id ? conversation.data.supportConversation : null;
  const panel = useQuery(
    SupportVisitorPanelQuery,
    { visitorId: c?.visitorId ?? '', inboxId: c?.inboxId ?? '' },
    { skip: !c },
  );
  const onFilters = (next: WorkspaceFilters) => {
    saveFilters(next);
    setFilters(next);
  };
  return (
    <>
      {!live && (
        <Alert color="yellow" title="Not live">
          This key has no “webhooks” scope, so new messages appear only when the page is reloaded.
        </Alert>
      )}
      {liveError && (
        <Alert color="red" role="alert" title="The live connection failed">
          {liveError}
        </Alert>
      )}
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }}>
          <ConversationList filters={filters} onFilters={onFilters} openId={id} reloadKey={listReload} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          {id ? (
            <ConversationView
              key={id}
              id={id}
              conversation={conversation}
              agentId={filters.agentId}
              onChanged={() => setListReload((n) => n + 1)}
              members={panel.data?.supportInboxMembers.data ?? []}
            />
          ) : (
            <Text c="dimmed">Pick a conversation.</Text>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>{c && <VisitorPanel panel={panel} />}</Grid.Col>
      </Grid>
    </>
  );
}

export default function SupportPage() {
  return (
    <PageFrame title="Support" scope="support">
      <Workspace />
    </PageFrame>
  );
}
