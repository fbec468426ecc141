import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../platform/config/project-root.js';
import { nameOperations, renderOperations, type OpenApiDocument } from '../../sdk/scripts/operation-names.js';

/** The grouped names of the SDK (decision 0340): derived from schema/openapi.json, committed, never colliding. */
describe('SDK operation names', () => {
  const document = JSON.parse(readFileSync(join(projectRoot(), 'schema', 'openapi.json'), 'utf8')) as OpenApiDocument;
  const named = nameOperations(document);
  const byName = new Map(named.map((n) => [n.name.join('.'), `${n.method.toUpperCase()} ${n.path}`]));

  it('should match sdk/src/operations.generated.ts (run `node dist/sdk/scripts/generate-operations.js` when this fails)', () => {
    expect(readFileSync(join(projectRoot(), 'sdk', 'src', 'operations.generated.ts'), 'utf8')).toBe(
      renderOperations(named),
    );
  });

  it('should name every operation of the document once', () => {
    const count = Object.values(document.paths).reduce(
      (n, item) => n + Object.keys(item).filter((k) => ['get', 'put', 'post', 'patch', 'delete'].includes(k)).length,
      0,
    );
    expect(byName.size).toBe(count);
  });

  it('should give the names the rules and the override table promise', () => {
    expect(
      Object.fromEntries(
        [
          'emails.send',
          'emails.sendBatch',
          'sms.send',
          'emails.messages.list',
          'emails.templates.get',
          'crm.contacts.list',
          'crm.contacts.get',
          'crm.contacts.create',
          'crm.contacts.update',
          'crm.contacts.upsert',
          'crm.contacts.delete',
          'crm.contacts.merge',
          'crm.contacts.search',
          'ai.chat.completions.create',
          'agentEmail.messages.replyAll',
          'calendar.bookings.cancel',
          'webhooks.create',
          'webhooks.deliveries.list',
          'webhooks.deliveries.listAll',
          'forms.update',
        ].map((name) => [name, byName.get(name)]),
      ),
    ).toEqual({
      'emails.send': 'POST /emails',
      'emails.sendBatch': 'POST /emails/batch',
      'sms.send': 'POST /sms',
      'emails.messages.list': 'GET /emails/messages',
      'emails.templates.get': 'GET /emails/templates/{id}',
      'crm.contacts.list': 'GET /crm/contacts',
      'crm.contacts.get': 'GET /crm/contacts/{id}',
      'crm.contacts.create': 'POST /crm/contacts',
      'crm.contacts.update': 'PATCH /crm/contacts/{id}',
      'crm.contacts.upsert': 'PUT /crm/contacts/{id}',
      'crm.contacts.delete': 'DELETE /crm/contacts/{id}',
      'crm.contacts.merge': 'POST /crm/contacts/{id}/merge',
      'crm.contacts.search': 'GET /crm/contacts/search',
      'ai.chat.completions.create': 'POST /ai/v1/chat/completions',
      'agentEmail.messages.replyAll': 'POST /v1/agent-email/messages/{messageId}/reply-all',
      'calendar.bookings.cancel': 'POST /calendar/bookings/{uid}/cancel',
      'webhooks.create': 'POST /webhooks',
      'webhooks.deliveries.list': 'GET /webhooks/{webhookId}/deliveries',
      'webhooks.deliveries.listAll': 'GET /webhooks/deliveries',
      'forms.update': 'PUT /forms/{formId}',
    });
  });

  it('should fail loudly when a new path takes a name already given', () => {
    const grown = {
      ...document,
      paths: { ...document.paths, '/emails/{id}/messages': { get: document.paths['/emails/messages']!.get } },
    };
    expect(() => nameOperations(grown)).toThrow(
      'GET /emails/{id}/messages and GET /emails/messages are both named emails.messages.list',
    );
  });

  it('should fail loudly when a name would be a method and a group at once', () => {
    const grown = {
      ...document,
      paths: { ...document.paths, '/crm/query/saved': { get: document.paths['/crm/tags']!.get } },
    };
    expect(() => nameOperations(grown)).toThrow(
      /POST \/crm\/query is named crm\.query, which is also the group of GET \/crm\/query\/saved/,
    );
  });

  it("should fail loudly when a name would hide one of openapi-fetch's own members", () => {
    const grown = {
      ...document,
      paths: { ...document.paths, '/request/{id}': { get: document.paths['/crm/contacts/{id}']!.get } },
    };
    expect(() => nameOperations(grown)).toThrow(
      "GET /request/{id} is named request.get, whose first part is openapi-fetch's client.request",
    );
  });
});
