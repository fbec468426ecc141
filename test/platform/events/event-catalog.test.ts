import { moduleCatalog } from '../../../gateway/module-manifests.js';
import { EventCatalog } from '../../../platform/events/event-catalog.js';

const catalog = moduleCatalog().events;

describe('event types two modules share', () => {
  it('should be exactly the message events of support and agent mailboxes', () => {
    expect([...catalog.sharedTypes].sort()).toEqual(['message.received', 'message.sent']);
  });

  it("should give a module's webhooks only its own module's events of a shared type", () => {
    const mailboxEvent = { mailboxId: 'mbx_1', messageId: 'msg_1' };
    const supportEvent = { conversationId: 'conv_1', message: { id: 'm' } };
    expect(catalog.namespaceReceives('support', 'message.received', supportEvent)).toBe(true);
    expect(catalog.namespaceReceives('support', 'message.received', mailboxEvent)).toBe(false);
    expect(catalog.namespaceReceives('mailboxes', 'message.sent', mailboxEvent)).toBe(true);
    expect(catalog.namespaceReceives('mailboxes', 'message.sent', supportEvent)).toBe(false);
  });

  it('should leave other types and the platform namespace alone', () => {
    expect(catalog.namespaceReceives('platform', 'message.received', { mailboxId: 'mbx_1' })).toBe(true);
    expect(catalog.namespaceReceives('support', 'conversation.created', {})).toBe(true);
    expect(catalog.namespaceReceives('mailboxes', 'domain.verified', { domain: 'x.example' })).toBe(true);
  });

  it("should apply a mailbox webhook's resource filter to every mailboxes type but the organization-wide domain.verified", () => {
    for (const type of ['message.received', 'message.sent', 'message.delivered', 'message.bounced'])
      expect(catalog.resourceFilterApplies('mailboxes', type)).toBe(true);
    expect(catalog.resourceFilterApplies('mailboxes', 'domain.verified')).toBe(false);
    expect(catalog.resourceFilterApplies('platform', 'domain.verified')).toBe(true);
  });
});

describe("the catalog the modules' manifests make", () => {
  it("should list every module's scope once, in the manifests' order", () => {
    expect(moduleCatalog().scopes).toEqual([
      'email',
      'sms',
      'forms',
      'webhooks',
      'auth',
      'calendar',
      'support',
      'domains',
      'crm',
      'mailboxes',
      'ai',
    ]);
  });

  it("should give /webhooks every event and a module namespace its module's, under its scope", () => {
    expect(catalog.namespaceNames()).toEqual([
      'platform',
      'email',
      'sms',
      'forms',
      'auth',
      'calendar',
      'support',
      'domains',
      'mailboxes',
    ]);
    expect(catalog.namespace('platform')).toMatchObject({ scope: 'webhooks', events: catalog.types });
    expect(catalog.types).toEqual(expect.arrayContaining(['email.sent', 'ai.budget.threshold', 'domain.verified']));
    expect(catalog.namespace('mailboxes')).toMatchObject({
      scope: 'mailboxes',
      owns: 'mailboxId',
      resourceNotFound: { code: 'MAILBOX_NOT_FOUND' },
    });
    expect(catalog.namespace('crm')).toBeUndefined();
  });

  it("should demand a subgraph's scope of its fields, none of the webhook engine's (it checks per namespace)", () => {
    expect(moduleCatalog().subgraphScope('ai-gateway')).toBe('ai');
    expect(moduleCatalog().subgraphScope('webhooks')).toBeNull();
    expect(moduleCatalog().subgraphScope('nowhere')).toBeNull();
  });

  it('should know nothing of a module whose manifest it was not given', () => {
    const alone = new EventCatalog([
      { name: 'webhooks', scope: 'webhooks' },
      { name: 'sms', scope: 'sms', events: ['sms.sent'], webhooks: {} },
    ]);
    expect(alone.namespace('platform')!.events).toEqual(['sms.sent']);
    expect(alone.namespace('email')).toBeUndefined();
  });
});
