import { DomainError, type ErrorDetails } from '../../../platform/errors/domain-error.js';
import { parseAddressList } from '../sending/address.js';

/** A send request after validation. */
export interface ValidSend {
  from: string;
  to: string[];
  cc: string[];
  bcc: string[];
  replyTo: string[];
  subject?: string;
  html?: string;
  text?: string;
  headers: Record<string, string>;
  tags: { name: string; value: string }[];
  attachments: { filename: string; content: string; contentType?: string }[];
  templateId?: string;
  templateModel: Record<string, unknown>;
  trackOpens: boolean;
  trackClicks: boolean;
  listUnsubscribe: boolean;
}

const ALLOWED = [
  'from',
  'to',
  'cc',
  'bcc',
  'replyTo',
  'subject',
  'html',
  'text',
  'headers',
  'tags',
  'attachments',
  'templateId',
  'templateModel',
  'trackOpens',
  'trackClicks',
  'listUnsubscribe',
];
// Headers we set ourselves; letting callers set them would break threading, tracking or deliverability.
const RESERVED_HEADERS = new Set([
  'from',
  'sender',
  'return-path',
  'received',
  'to',
  'cc',
  'bcc',
  'subject',
  'reply-to',
  'message-id',
  'date',
  'content-type',
  'content-transfer-encoding',
  'mime-version',
  'list-unsubscribe',
  'list-unsubscribe-post',
  'dkim-signature',
]);
const TAG_PART = /^[A-Za-z0-9_-]{1,256}$/;
const HEADER_NAME = /^[!-9;-~]{1,76}$/;
const MAX_SUBJECT = 998;
const MAX_ATTACHMENTS = 20;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every rule a send body must meet; the first problem becomes a 400 with `details` (field, received, expected). */
export function validateSend(body: unknown): ValidSend {
  const fail = (details: ErrorDetails, message: string): never => {
    throw new DomainError('INVALID_REQUEST', message, details);
  };
  if (!isObject(body))
    fail(
      { field: 'body', received: body === null ? 'null' : typeof body, expected: 'object' },
      'The send body must be a JSON object',
    );
  const b = body as Record<string, unknown>;
  for (const key of Object.keys(b)) {
    if (!ALLOWED.includes(key)) fail({ field: key, received: b[key], expected: ALLOWED }, `Unknown field "${key}"`);
  }
  const optionalString = (field: string, max: number) => {
    const v = b[field];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string' || v.length > max)
      fail({ field, received: v, expected: `string of at most ${max} characters` }, `${field} must be a string`);
    return v as string;
  };
  const bool = (field: string) => {
    const v = b[field];
    if (v === undefined || v === null) return false;
    if (typeof v !== 'boolean') fail({ field, received: v, expected: 'boolean' }, `${field} must be true or false`);
    return v as boolean;
  };
  const addresses = (field: string, required: boolean) => {
    const v = b[field];
    if (v === undefined || v === null || (Array.isArray(v) && v.length === 0)) {
      if (required)
        fail(
          { field, received: v ?? null, expected: 'email address or array of 1 to 50 addresses' },
          `${field} is required`,
        );
      return [];
    }
    const parsed = parseAddressList(v, field);
    if (!parsed.ok)
      fail(
        {
          field,
          received: parsed.received,
          expected: 'valid email address such as name@example.com or "Name <name@example.com>"',
        },
        `${field} contains an invalid address`,
      );
    return (parsed as { ok: true; value: string[] }).value;
  };

  const fromList = addresses('from', true);
  if (fromList.length !== 1)
    fail({ field: 'from', received: b.from, expected: 'exactly one sender address' }, 'from must be one address');
  const to = addresses('to', true);
  const cc = addresses('cc', false);
  const bcc = addresses('bcc', false);
  const replyTo = addresses('replyTo', false);
  if (to.length + cc.length + bcc.length > 50)
    fail(
      {
        field: 'to',
        received: to.length + cc.length + bcc.length,
        expected: 'at most 50 recipients across to, cc and bcc',
      },
      'Too many recipients',
    );

  const templateId = optionalString('templateId', 200);
  const subject = optionalString('subject', MAX_SUBJECT);
  const html = optionalString('html', 5_000_000);
  const text = optionalString('text', 5_000_000);
  if (!templateId) {
    if (!subject)
      fail({ field: 'subject', received: b.subject ?? null, expected: 'non-empty string' }, 'subject is required');
    if (!html && !text)
      fail({ field: 'html', received: b.html ?? null, expected: 'html or text body' }, 'html or text is required');
  }

  let templateModel: Record<string, unknown> = {};
  if (b.templateModel !== undefined && b.templateModel !== null) {
    if (!isObject(b.templateModel))
      fail(
        { field: 'templateModel', received: b.templateModel, expected: 'object' },
        'templateModel must be an object',
      );
    if (!templateId)
      fail(
        { field: 'templateId', received: null, expected: 'a template id or alias when templateModel is given' },
        'templateModel needs templateId',
      );
    templateModel = b.templateModel as Record<string, unknown>;
  }

  const headers: Record<string, string> = {};
  if (b.headers !== undefined && b.headers !== null) {
    if (!isObject(b.headers))
      fail(
        { field: 'headers', received: b.headers, expected: 'object of header name to string value' },
        'headers must be an object',
      );
    const entries = Object.entries(b.headers as Record<string, unknown>);
    if (entries.length > 50)
      fail({ field: 'headers', received: entries.length, expected: 'at most 50 headers' }, 'Too many headers');
    for (const [name, value] of entries) {
      if (!HEADER_NAME.test(name) || RESERVED_HEADERS.has(name.toLowerCase()))
        fail(
          {
            field: `headers.${name}`,
            received: name,
            expected: 'a custom header name (not From, To, Subject, Message-ID, ...)',
          },
          `Header "${name}" cannot be set`,
        );
      if (typeof value !== 'string' || /[\r\n]/.test(value) || value.length > 2000)
        fail(
          { field: `headers.${name}`, received: value, expected: 'single-line string of at most 2000 characters' },
          `Header "${name}" has an invalid value`,
        );
      headers[name] = value as string;
    }
  }

  const tags: ValidSend['tags'] = [];
  if (b.tags !== undefined && b.tags !== null) {
    if (!Array.isArray(b.tags) || b.tags.length > 20)
      fail({ field: 'tags', received: b.tags, expected: 'array of at most 20 {name, value}' }, 'tags must be an array');
    (b.tags as unknown[]).forEach((tag, i) => {
      if (
        !isObject(tag) ||
        typeof tag.name !== 'string' ||
        typeof tag.value !== 'string' ||
        !TAG_PART.test(tag.name) ||
        !TAG_PART.test(tag.value)
      ) {
        fail(
          { field: `tags[${i}]`, received: tag, expected: '{name, value} of letters, digits, _ and -' },
          'Invalid tag',
        );
      }
      tags.push({ name: (tag as { name: string }).name, value: (tag as { value: string }).value });
    });
  }

  const attachments: ValidSend['attachments'] = [];
  if (b.attachments !== undefined && b.attachments !== null) {
    if (!Array.isArray(b.attachments) || b.attachments.length > MAX_ATTACHMENTS)
      fail(
        {
          field: 'attachments',
          received: Array.isArray(b.attachments) ? b.attachments.length : b.attachments,
          expected: `array of at most ${MAX_ATTACHMENTS}`,
        },
        'Invalid attachments',
      );
    (b.attachments as unknown[]).forEach((a, i) => {
      const ok =
        isObject(a) &&
        typeof a.filename === 'string' &&
        a.filename.length > 0 &&
        a.filename.length <= 255 &&
        !/[\r\n/\\]/.test(a.filename) &&
        typeof a.content === 'string' &&
        /^[A-Za-z0-9+/=\s]*$/.test(a.content) &&
        (a.contentType === undefined ||
          (typeof a.contentType === 'string' && /^[\w.+-]+\/[\w.+-]+$/.test(a.contentType)));
      if (!ok)
        fail(
          {
            field: `attachments[${i}]`,
            received: isObject(a) ? { filename: a.filename, contentType: a.contentType } : a,
            expected: '{filename, content (base64), contentType?}',
          },
          'Invalid attachment',
        );
      const att = a as { filename: string; content: string; contentType?: string };
      attachments.push({
        filename: att.filename,
        content: att.content.replace(/\s/g, ''),
        contentType: att.contentType,
      });
    });
  }

  return {
    from: fromList[0]!,
    to,
    cc,
    bcc,
    replyTo,
    subject,
    html,
    text,
    headers,
    tags,
    attachments,
    templateId,
    templateModel,
    trackOpens: bool('trackOpens'),
    trackClicks: bool('trackClicks'),
    listUnsubscribe: bool('listUnsubscribe'),
  };
}
