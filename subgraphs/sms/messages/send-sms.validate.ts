import { DomainError } from '../../../platform/errors/domain-error.js';

/** Document 1 part 8: SMS tag length. */
export const MAX_TAG = 255;

const FIELDS = ['to', 'templateAlias', 'templateId', 'templateModel', 'tag', 'metadata'];

/** A send request whose shape is right; the per-message rules (1001..1006) are checked by the service. */
export interface ValidSmsSend {
  to: string;
  templateAlias?: string;
  templateId?: number;
  templateModel: Record<string, unknown>;
  tag: string | null;
  metadata: Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/**
 * Malformed requests are a 400 INVALID_REQUEST (`prefix` names the batch item, e.g. `[3].`): not an object,
 * unknown or wrongly typed fields, no template named, `tag` over 255. A bad number is not malformed: it is 1001.
 */
export function validateSmsSend(body: unknown, prefix = ''): ValidSmsSend {
  const bad = (field: string, message: string, received: unknown, expected: unknown): never => {
    throw new DomainError('INVALID_REQUEST', `${prefix}${message}`, { field: `${prefix}${field}`, received, expected });
  };
  if (!isObject(body)) return bad('body', 'The send request must be a JSON object', kind(body), 'object');
  const unknown = Object.keys(body).filter((k) => !FIELDS.includes(k));
  if (unknown.length > 0) bad(unknown[0]!, `Unknown field ${unknown[0]}`, unknown[0], FIELDS);
  if (typeof body.to !== 'string') bad('to', 'to is required: a phone number in E.164 format', body.to ?? null, 'string such as +14155550123');
  if (body.templateAlias !== undefined && (typeof body.templateAlias !== 'string' || body.templateAlias.length === 0)) {
    bad('templateAlias', 'templateAlias must be a non-empty string', body.templateAlias, 'string');
  }
  if (body.templateId !== undefined && (typeof body.templateId !== 'number' || !Number.isInteger(body.templateId))) {
    bad('templateId', 'templateId must be an integer (a pool template id)', body.templateId, 'integer');
  }
  if (body.templateAlias === undefined && body.templateId === undefined) {
    bad('templateAlias', 'One of templateAlias and templateId is required', null, 'templateAlias or templateId');
  }
  if (body.templateModel !== undefined && body.templateModel !== null && !isObject(body.templateModel)) bad('templateModel', 'templateModel must be an object', kind(body.templateModel), 'object');
  if (body.metadata !== undefined && body.metadata !== null && !isObject(body.metadata)) bad('metadata', 'metadata must be an object', kind(body.metadata), 'object');
  if (body.tag !== undefined && body.tag !== null) {
    if (typeof body.tag !== 'string') bad('tag', 'tag must be a string', kind(body.tag), 'string');
    if ((body.tag as string).length > MAX_TAG) bad('tag', `tag must be at most ${MAX_TAG} characters`, (body.tag as string).length, `<= ${MAX_TAG} characters`);
  }
  return {
    to: body.to as string,
    templateAlias: body.templateAlias as string | undefined,
    templateId: body.templateId as number | undefined,
    templateModel: (body.templateModel as Record<string, unknown> | undefined) ?? {},
    tag: (body.tag as string | undefined) ?? null,
    metadata: (body.metadata as Record<string, unknown> | undefined) ?? {},
  };
}
