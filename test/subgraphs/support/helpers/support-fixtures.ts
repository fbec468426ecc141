import type { TestPlatform } from '../../../helpers/test-platform.js';

/** Creates an inbox and returns its record (id, widgetToken…). */
export async function createInbox(t: TestPlatform, key: string, body: Record<string, unknown> = { name: 'Help' }) {
  const res = await t.request('POST', '/support/inboxes', { key, body });
  if (res.status !== 201) throw new Error(`inbox: ${res.status} ${res.text}`);
  return res.body.data as { id: string; widgetToken: string; name: string };
}

export async function addMember(
  t: TestPlatform,
  key: string,
  inboxId: string,
  userId: string,
  extra: Record<string, unknown> = {},
) {
  const res = await t.request('POST', `/support/inboxes/${inboxId}/members`, { key, body: { userId, ...extra } });
  if (res.status !== 201) throw new Error(`member: ${res.status} ${res.text}`);
  return res.body.data;
}

/** A widget call with the inbox's widget token and (when given) the visitor token. */
export function widget(t: TestPlatform, widgetToken: string, visitorToken?: string) {
  return (method: string, path: string, body?: unknown) =>
    t.request(method, `/support/widget/${path}`, {
      body,
      headers: { 'x-widget-token': widgetToken, ...(visitorToken ? { 'x-visitor-token': visitorToken } : {}) },
    });
}

/** A new visitor through the widget; returns its id and token. */
export async function newVisitor(t: TestPlatform, widgetToken: string) {
  const res = await widget(t, widgetToken)('POST', 'sessions', {
    pageUrl: 'https://shop.example/pricing',
    referrer: 'https://search.example/',
    userAgent: 'Jest',
  });
  if (res.status !== 201) throw new Error(`session: ${res.status} ${res.text}`);
  return res.body.data as { visitorId: string; visitorToken: string; sessionId: string };
}

/** A visitor who starts a conversation with `message`; returns the conversation id and the visitor. */
export async function newConversation(t: TestPlatform, widgetToken: string, message = 'Hello, I need help') {
  const visitor = await newVisitor(t, widgetToken);
  const res = await widget(t, widgetToken, visitor.visitorToken)('POST', 'conversations', { message });
  if (res.status !== 201) throw new Error(`conversation: ${res.status} ${res.text}`);
  return { conversationId: res.body.data.id as string, visitor };
}

/** Rows of the events outbox of an organization, oldest first (what webhooks and subscriptions get). */
export async function outbox(t: TestPlatform, key: string, type?: string) {
  const organizationId = (await t.platform.apiKeys.authenticate(key))!.organizationId;
  const rows = await t.platform.orm.em
    .getConnection()
    .execute(
      `select type, data from platform.events where organization_id = ? ${type ? 'and type = ?' : ''} order by created_at, id`,
      type ? [organizationId, type] : [organizationId],
    );
  return rows as { type: string; data: any }[];
}
