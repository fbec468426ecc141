/**
 * The grouped name of every operation of the OpenAPI document (decision 0340): `POST /crm/contacts/{id}/merge` →
 * `crm.contacts.merge`. Groups are the URL's static segments; the method name comes from the HTTP verb and the shape
 * of the URL; the few names users know better are in OVERRIDES. Two operations with one name fail the generator.
 */

export type HttpMethod = 'get' | 'put' | 'post' | 'patch' | 'delete';
const METHODS: HttpMethod[] = ['get', 'put', 'post', 'patch', 'delete'];

/** `METHOD /path` → the full dotted name, where the rules would give a clumsy or colliding one. */
export const OVERRIDES: Record<string, string> = {
  'POST /emails': 'emails.send',
  'POST /emails/batch': 'emails.sendBatch',
  'POST /sms': 'sms.send',
  'POST /sms/batch': 'sms.sendBatch',
  // POSTs into a collection the URL shows no item of.
  'POST /ai/v1/chat/completions': 'ai.chat.completions.create',
  'POST /ai/v1/embeddings': 'ai.embeddings.create',
  'POST /auth/organizations/{organizationId}/invitations': 'auth.organizations.invitations.create',
  'POST /calendar/public/{organizationSlug}/{eventTypeSlug}/bookings': 'calendar.public.bookings.create',
  'POST /support/widget/conversations/{conversationId}/messages': 'support.widget.conversations.messages.create',
  'POST /support/widget/sessions': 'support.widget.sessions.create',
  'POST /support/widget/events': 'support.widget.events.create',
  // A noun where the action is a verb.
  'POST /domains/{domainName}/dns/presets': 'domains.dns.applyPreset',
  'POST /auth/users/{userId}/password': 'auth.users.changePassword',
  'PUT /ai/v1/logging': 'ai.logging.update',
  'POST /auth/sign-in/mfa': 'auth.signInMfa',
  'POST /auth/password-reset': 'auth.passwordReset.request',
  'POST /auth/hosted/{applicationId}/sign-in': 'auth.hosted.signIn.submit',
  'PUT /support/conversations/{conversationId}': 'support.conversations.setStatus',
  // The organization's whole delivery log beside one endpoint's: the rules would give both `deliveries.list`.
  'GET /webhooks/deliveries': 'webhooks.deliveries.listAll',
  'GET /auth/webhooks/deliveries': 'auth.webhooks.deliveries.listAll',
  'GET /sms/webhooks/deliveries': 'sms.webhooks.deliveries.listAll',
};

/** GET segments that are verbs: `GET /crm/contacts/search` → `crm.contacts.search`. */
const GET_ACTIONS = new Set(['search', 'lookup', 'export']);
/** Query parameters of a paged list. */
const PAGING = new Set(['limit', 'offset', 'page', 'cursor', 'count']);

interface Operation {
  summary?: string;
  parameters?: { in?: string; name?: string; $ref?: string }[];
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
}
export interface OpenApiDocument {
  paths: Record<string, Partial<Record<HttpMethod, Operation>>>;
  components?: { schemas?: Record<string, Schema>; parameters?: Record<string, { in?: string; name?: string }> };
}

/** One named operation: where it sits in the tree and what it calls. */
export interface NamedOperation {
  name: string[];
  method: HttpMethod;
  path: string;
}

const isParam = (segment: string) => segment.startsWith('{');
const camel = (segment: string) => segment.replace(/[-_.]+([a-z0-9])/gi, (_, c: string) => c.toUpperCase());

/** Every operation named; throws on a collision, naming both operations. */
export function nameOperations(document: OpenApiDocument): NamedOperation[] {
  const named: NamedOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const key = `${method.toUpperCase()} ${path}`;
      const name = OVERRIDES[key]?.split('.') ?? ruleName(document, path, method, operation);
      named.push({ name, method, path });
    }
  }
  const unused = Object.keys(OVERRIDES).filter(
    (key) => !named.some((n) => `${n.method.toUpperCase()} ${n.path}` === key),
  );
  if (unused.length) throw new Error(`operation name overrides of no operation: ${unused.join(', ')}`);
  checkCollisions(named);
  return named;
}

function ruleName(document: OpenApiDocument, path: string, method: HttpMethod, operation: Operation): string[] {
  const segments = path.split('/').filter((s) => s && !/^v\d+$/.test(s));
  const groups = segments.filter((s) => !isParam(s)).map(camel);
  const last = segments[segments.length - 1]!;
  const fail = (why: string) =>
    new Error(`${method.toUpperCase()} ${path}: ${why}; add it to OVERRIDES in sdk/scripts/operation-names.ts`);
  if (isParam(last)) {
    // An item: `/contacts/{id}`.
    if (method === 'put')
      return [...groups, putName(operation) ?? raise(fail('PUT summary says neither upsert, update nor set'))];
    return [...groups, { get: 'get', patch: 'update', delete: 'delete', post: 'create' }[method]];
  }
  const parent = groups.slice(0, -1);
  const collection =
    Object.keys(document.paths).some((other) => other.startsWith(`${path}/{`)) ||
    document.paths[path]!.get !== undefined;
  switch (method) {
    case 'get':
      if (GET_ACTIONS.has(last)) return [...parent, camel(last)];
      return [...groups, isList(document, operation) ? 'list' : 'get'];
    case 'post':
      // A collection is created into; any other last segment is an action on what precedes it.
      return collection ? [...groups, 'create'] : [...parent, camel(last)];
    case 'put':
      return [
        ...groups,
        isList(document, document.paths[path]!.get)
          ? 'upsert'
          : (putName(operation) ?? raise(fail('PUT summary says neither upsert, update nor set'))),
      ];
    case 'patch':
      return [...groups, 'update'];
    case 'delete':
      return [...groups, 'delete'];
  }
}

/** PUT creates or replaces: the URL cannot say which, the operation's summary verb does. */
function putName(operation: Operation): string | undefined {
  const verb = operation.summary?.split(' ')[0]?.toLowerCase();
  return verb === 'upsert' || verb === 'put'
    ? 'upsert'
    : verb === 'update'
      ? 'update'
      : verb === 'set'
        ? 'set'
        : undefined;
}

/** A GET answers a list when its success body is an array (or `data` is one) or it takes paging parameters. */
function isList(document: OpenApiDocument, operation: Operation | undefined): boolean {
  if (!operation) return false;
  const resolve = (schema: Schema | undefined): Schema | undefined =>
    schema?.$ref ? resolve(document.components?.schemas?.[schema.$ref.split('/').pop()!]) : schema;
  const isArray = (schema: Schema | undefined) => [resolve(schema)?.type].flat().includes('array');
  const success = Object.entries(operation.responses ?? {}).find(([status]) => status.startsWith('2'))?.[1];
  const body = resolve(success?.content?.['application/json']?.schema);
  if (isArray(body) || isArray(body?.properties?.data)) return true;
  return (operation.parameters ?? []).some((p) => {
    const parameter = p.$ref ? document.components?.parameters?.[p.$ref.split('/').pop()!] : p;
    return parameter?.in === 'query' && PAGING.has(parameter.name ?? '');
  });
}

/** openapi-fetch's own members, kept on the same client object. */
const CLIENT_MEMBERS = new Set([
  'request',
  'use',
  'eject',
  'GET',
  'PUT',
  'POST',
  'DELETE',
  'OPTIONS',
  'HEAD',
  'PATCH',
  'TRACE',
]);

function checkCollisions(named: NamedOperation[]): void {
  const methods = new Map<string, NamedOperation>();
  for (const operation of named) {
    const dotted = operation.name.join('.');
    if (CLIENT_MEMBERS.has(operation.name[0]!))
      throw new Error(
        `${describe(operation)} is named ${dotted}, whose first part is openapi-fetch's client.${operation.name[0]}; add it to OVERRIDES in sdk/scripts/operation-names.ts`,
      );
    const other = methods.get(dotted);
    if (other)
      throw new Error(
        `${describe(operation)} and ${describe(other)} are both named ${dotted}; add one to OVERRIDES in sdk/scripts/operation-names.ts`,
      );
    methods.set(dotted, operation);
  }
  // A name cannot be a method and a group at once: `auth.signIn()` beside `auth.signIn.mfa()`.
  for (const [dotted, operation] of methods) {
    const child = [...methods.keys()].find((other) => other.startsWith(`${dotted}.`));
    if (child)
      throw new Error(
        `${describe(operation)} is named ${dotted}, which is also the group of ${describe(methods.get(child)!)} (${child}); add one to OVERRIDES in sdk/scripts/operation-names.ts`,
      );
  }
}

const describe = (operation: NamedOperation) => `${operation.method.toUpperCase()} ${operation.path}`;

function raise(error: Error): never {
  throw error;
}

/** The text of sdk/src/operations.generated.ts: the tree of `[method, path]` tuples. */
export function renderOperations(named: NamedOperation[]): string {
  interface Node {
    [key: string]: Node | NamedOperation;
  }
  const root: Node = {};
  for (const operation of named) {
    let node = root;
    for (const group of operation.name.slice(0, -1)) node = (node[group] ??= {}) as Node;
    node[operation.name[operation.name.length - 1]!] = operation;
  }
  const key = (k: string) => (/^[a-zA-Z_$][\w$]*$/.test(k) ? k : JSON.stringify(k));
  const render = (node: Node, indent: string): string =>
    Object.keys(node)
      .sort()
      .map((k) => {
        const value = node[k]!;
        if ('method' in value && typeof value.method === 'string')
          return `${indent}${key(k)}: ['${value.method}', '${value.path}'],\n`;
        return `${indent}${key(k)}: {\n${render(value as Node, indent + '  ')}${indent}},\n`;
      })
      .join('');
  return (
    '/**\n * Every REST operation of schema/openapi.json by its grouped name (`client.crm.contacts.get`), generated by\n' +
    ' * sdk/scripts/generate-operations.ts (decision 0340). Do not edit: run `node dist/sdk/scripts/generate-operations.js`.\n */\n' +
    `export const operations = {\n${render(root, '  ')}} as const;\n`
  );
}
