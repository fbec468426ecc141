import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsModule from 'ajv-formats';
import { projectRoot } from '../../platform/config/project-root.js';

/**
 * Modules whose REST responses the harness does not check against schema/openapi.json yet. Shrink it: a module
 * leaves this list once its integration tests pass with the check on. (Operation tag = module name.)
 */
export const UNCHECKED_MODULES: ReadonlySet<string> = new Set<string>([]);

type ResponseObject = { $ref?: string; content?: Record<string, { schema?: unknown }> };
interface OperationObject {
  tags?: string[];
  responses?: Record<string, ResponseObject>;
}
interface OpenApi {
  paths: Record<string, Record<string, OperationObject>>;
  components: { responses?: Record<string, ResponseObject> };
}
interface Route {
  method: string;
  template: string;
  pattern: RegExp;
  literals: number;
  operation: OperationObject;
}

const DOCUMENT_ID = 'https://platform.local/openapi.json';
const addFormats = ((formatsModule as unknown as { default?: unknown }).default ?? formatsModule) as (
  ajv: Ajv2020,
) => void;

/** JSON pointer segment (RFC 6901) inside a URI fragment. */
const segment = (s: string) => encodeURIComponent(s.replace(/~/g, '~0').replace(/\//g, '~1'));

/**
 * Checks a REST response against the OpenAPI document: the schema documented for its method, path template and status
 * (JSON Schema 2020-12, as OpenAPI 3.1 uses it; `$ref`s resolved inside the document). Returns what is wrong, or
 * undefined when the response matches or is not the document's to judge (no JSON body, a non-envelope route, a path
 * outside the REST API such as /graphql).
 */
export class OpenApiResponseChecker {
  private readonly ajv: Ajv2020;
  private readonly routes: Route[] = [];
  private readonly validators = new Map<string, ValidateFunction>();
  /** First path segment → the modules documenting paths under it (for errors on paths the document does not list). */
  private readonly prefixes = new Map<string, Route[]>();

  constructor(
    private readonly document: OpenApi,
    private readonly unchecked: ReadonlySet<string> = UNCHECKED_MODULES,
  ) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, logger: false, validateSchema: false });
    addFormats(this.ajv);
    this.ajv.addSchema(document as object, DOCUMENT_ID);
    for (const [template, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const source = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+');
        const route = {
          method: method.toUpperCase(),
          template,
          pattern: new RegExp(`^${source}/?$`),
          literals: template.split('/').filter((s) => s && !s.startsWith('{')).length,
          operation,
        };
        this.routes.push(route);
        const first = template.split('/')[1]!;
        (this.prefixes.get(first) ?? this.prefixes.set(first, []).get(first)!).push(route);
      }
    }
    // A literal segment wins over a parameter: /emails/messages/stats before /emails/messages/{id}.
    this.routes.sort((a, b) => b.literals - a.literals);
  }

  check(method: string, url: string, status: number, contentType: string | null, body: unknown): string | undefined {
    if (body === undefined || !contentType?.includes('json')) return undefined;
    const path = url.split('?')[0]!.split('#')[0]!;
    const route = this.routes.find((r) => r.method === method.toUpperCase() && r.pattern.test(path));
    if (!route) return this.checkUnlisted(method, path, status, body);
    const module = route.operation.tags?.[0] ?? '';
    if (this.unchecked.has(module)) return undefined;
    const where = `${method.toUpperCase()} ${route.template} → ${status}`;
    const response = route.operation.responses?.[String(status)] ?? route.operation.responses?.default;
    if (!response)
      return `${where}: status ${status} is not documented (documented: ${Object.keys(route.operation.responses ?? {}).join(', ')}); body ${preview(body)}`;
    const pointer = response.$ref
      ? response.$ref.slice(1)
      : `/paths/${segment(route.template)}/${method.toLowerCase()}/responses/${status in (route.operation.responses ?? {}) ? status : 'default'}`;
    const resolved = response.$ref ? this.document.components.responses?.[response.$ref.split('/').pop()!] : response;
    if (!resolved?.content?.['application/json']) return undefined; // a non-envelope answer: a redirect, a pixel, a file
    return this.validate(where, `${pointer}/content/${segment('application/json')}/schema`, body);
  }

  /** A path (or method) the document does not list: its error must still be in the module's error shape. */
  private checkUnlisted(method: string, path: string, status: number, body: unknown): string | undefined {
    if (status < 400) return undefined;
    const candidates = this.prefixes.get(path.split('/')[1] ?? '') ?? [];
    const modules = new Set(candidates.map((r) => r.operation.tags?.[0]));
    if (modules.size !== 1) return undefined; // not a REST path (/graphql, /health), or a prefix two modules share
    const [module] = modules;
    if (this.unchecked.has(module ?? '')) return undefined;
    const route = candidates.find((r) => r.operation.responses?.[String(status)]?.$ref);
    if (!route) return undefined;
    const ref = route.operation.responses![String(status)]!.$ref!;
    return this.validate(
      `${method.toUpperCase()} ${path} (not in the document; ${module}'s error shape) → ${status}`,
      `${ref.slice(1)}/content/${segment('application/json')}/schema`,
      body,
    );
  }

  private validate(where: string, pointer: string, body: unknown): string | undefined {
    let validator = this.validators.get(pointer);
    if (!validator) {
      validator = this.ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
      this.validators.set(pointer, validator);
    }
    if (validator(body)) return undefined;
    return `Response differs from schema/openapi.json: ${where}\n${formatErrors(validator.errors ?? [])}\nbody: ${preview(body)}`;
  }
}

function formatErrors(errors: ErrorObject[]): string {
  return errors
    .slice(0, 12)
    .map((e) => `  ${e.instancePath || '(root)'} ${e.message ?? ''} ${JSON.stringify(e.params)} [${e.schemaPath}]`)
    .join('\n');
}

function preview(body: unknown): string {
  const text = JSON.stringify(body);
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

let shared: OpenApiResponseChecker | undefined;

/** The checker over the committed schema/openapi.json (read once per test file). */
export function responseChecker(): OpenApiResponseChecker {
  shared ??= new OpenApiResponseChecker(
    JSON.parse(readFileSync(join(projectRoot(), 'schema', 'openapi.json'), 'utf8')) as OpenApi,
  );
  return shared;
}

/** A fetch that throws when a REST response differs from the document (for clients such as openapi-fetch). */
export async function checkedFetch(input: Request): Promise<Response> {
  const response = await fetch(input);
  const text = await response.clone().text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const problem = responseChecker().check(
    input.method,
    new URL(input.url).pathname,
    response.status,
    response.headers.get('content-type'),
    body,
  );
  if (problem) throw new Error(problem);
  return response;
}
