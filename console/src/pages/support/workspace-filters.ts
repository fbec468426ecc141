/** The agent workspace's filters; kept in this tab's sessionStorage so they survive opening a conversation. */
export interface WorkspaceFilters {
  status: string;
  assignee: 'mine' | 'unassigned' | 'all';
  inboxId: string | null;
  /** The inbox member the agent works as (user_…): "Mine", and the author of replies. */
  agentId: string | null;
  page: number;
}

const KEY = 'platform-console-support-filters';

export function loadFilters(): WorkspaceFilters {
  const fallback: WorkspaceFilters = { status: 'open', assignee: 'all', inboxId: null, agentId: null, page: 1 };
  try {
    return { ...fallback, ...(JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Partial<WorkspaceFilters>) };
  } catch {
    return fallback;
  }
}

export function saveFilters(filters: WorkspaceFilters): void {
  sessionStorage.setItem(KEY, JSON.stringify(filters));
}
