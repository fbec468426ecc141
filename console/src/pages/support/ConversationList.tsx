import { NavLink, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router-dom';
import { useQuery } from '../../api/use-query';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Loading } from '../../components/PageFrame';
import { Pager } from '../../components/Pager';
import { SupportListQuery } from './support-documents';
import type { WorkspaceFilters } from './workspace-filters';

const LIMIT = 20;

/** Conversations by status and assignee, most recent activity first; `reloadKey` changes on every live event. */
export function ConversationList({
  filters,
  onFilters,
  openId,
  reloadKey,
}: {
  filters: WorkspaceFilters;
  onFilters: (f: WorkspaceFilters) => void;
  openId: string | null;
  reloadKey: number;
}) {
  // Four status labels do not fit side by side on a phone: there the filters stack.
  const orientation = useMediaQuery('(max-width: 30em)') ? 'vertical' : 'horizontal';
  const assigneeId =
    filters.assignee === 'all' ? null : filters.assignee === 'unassigned' ? 'none' : (filters.agentId ?? 'none');
  const { data, errors, loading } = useQuery(
    SupportListQuery,
    { page: filters.page, limit: LIMIT, status: filters.status, inboxId: filters.inboxId, assigneeId },
    { reloadKey },
  );
  const set = (change: Partial<WorkspaceFilters>) => onFilters({ ...filters, page: 1, ...change });
  return (
    <Stack gap="xs">
      <Select
        label="Inbox"
        placeholder="Every inbox"
        clearable
        data={(data?.supportInboxes.data ?? []).map((i) => ({ value: i.id, label: i.name }))}
        value={filters.inboxId}
        onChange={(inboxId) => set({ inboxId })}
      />
      <Select
        label="Acting as"
        placeholder="The inbox (no agent)"
        clearable
        data={(data?.supportAgentWorkload ?? []).map((a) => a.userId).filter((v, i, all) => all.indexOf(v) === i)}
        value={filters.agentId}
        onChange={(agentId) => set({ agentId })}
      />
      <SegmentedControl
        aria-label="Status"
        size="xs"
        fullWidth
        orientation={orientation}
        value={filters.status}
        onChange={(status) => set({ status })}
        data={['open', 'pending', 'snoozed', 'resolved']}
      />
      <SegmentedControl
        aria-label="Assignee"
        size="xs"
        fullWidth
        orientation={orientation}
        value={filters.assignee}
        onChange={(assignee) => set({ assignee: assignee as WorkspaceFilters['assignee'] })}
        data={[
          { value: 'mine', label: 'Mine', disabled: !filters.agentId },
          { value: 'unassigned', label: 'Unassigned' },
          { value: 'all', label: 'All' },
        ]}
      />
      <ApiErrorAlert errors={errors} />
      {loading && !data && <Loading label="Loading conversations" />}
      {data && (
        <nav aria-label="Conversations">
          {data.supportConversations.data.length === 0 && (
            <Text c="dimmed" size="sm">
              No {filters.status} conversations here.
            </Text>
          )}
          {data.supportConversations.data.map((c) => (
            <NavLink
              key={c.id}
              component={Link}
              to={`/support/conversations/${encodeURIComponent(c.id)}`}
              active={c.id === openId}
              label={
                <Text span size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {c.subject || `Conversation ${c.id}`}
                </Text>
              }
              description={
                <Text span size="xs" c="dark.7">
                  {c.status} · {c.assigneeId ?? 'unassigned'} ·{' '}
                  {c.lastActivityAt ? new Date(c.lastActivityAt).toLocaleString() : ''}
                </Text>
              }
            />
          ))}
          <Pager
            page={filters.page}
            limit={LIMIT}
            total={data.supportConversations.meta.total}
            onPage={(page) => onFilters({ ...filters, page })}
            label="Conversations"
          />
        </nav>
      )}
    </Stack>
  );
}
