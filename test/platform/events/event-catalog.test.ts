import { SHARED_EVENT_TYPES, namespaceReceives, resourceFilterApplies } from '../../../platform/events/event-catalog.js';

describe('event types two modules share', () => {
  it('should be exactly the message events of support and agent mailboxes', () => {
    expect([...SHARED_EVENT_TYPES].sort()).toEqual(['message.received', 'message.sent']);
  });

  it("should give a module's webhooks only its own module's events of a shared type", () => {
    const mailboxEvent = { mailboxId: 'mbx_1', messageId: 'msg_1' };
    const supportEvent = { conversationId: 'conv_1', message: { id: 'm' } };
    expect(namespaceReceives('support', 'message.received', supportEvent)).toBe(true);
    expect(namespaceReceives('support', 'message.received', mailboxEvent)).toBe(false);
    expect(namespaceReceives('mailboxes', 'message.sent', mailboxEvent)).toBe(true);
    expect(namespaceReceives('mailboxes', 'message.sent', supportEvent)).toBe(false);
  });

  it('should leave other types and the platform namespace alone', () => {
    expect(namespaceReceives('platform', 'message.received', { mailboxId: 'mbx_1' })).toBe(true);
    expect(namespaceReceives('support', 'conversation.created', {})).toBe(true);
    expect(namespaceReceives('mailboxes', 'domain.verified', { domain: 'x.example' })).toBe(true);
  });

  it('should apply a mailbox webhook\'s resource filter to every mailboxes type but the organization-wide domain.verified', () => {
    for (const type of ['message.received', 'message.sent', 'message.delivered', 'message.bounced']) expect(resourceFilterApplies('mailboxes', type)).toBe(true);
    expect(resourceFilterApplies('mailboxes', 'domain.verified')).toBe(false);
    expect(resourceFilterApplies('platform', 'domain.verified')).toBe(true);
  });
});
