import type { ApiError } from '../../api/api-error';

/** The record types the domains module serves. */
export const DNS_RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS', 'SRV', 'CAA'] as const;
export const TTL_MIN = 60;
export const TTL_MAX = 86_400;

/** The record form as typed: every field a string, as the inputs hold them. */
export interface DnsRecordForm {
  type: string;
  name: string;
  value: string;
  ttl: string;
  priority: string;
}

export type DnsRecordField = keyof DnsRecordForm;
export type DnsRecordFormErrors = Partial<Record<DnsRecordField, string>>;

export const EMPTY_RECORD_FORM: DnsRecordForm = { type: 'A', name: '@', value: '', ttl: '3600', priority: '' };

/** Only MX and SRV records carry a priority. */
export const takesPriority = (type: string) => type === 'MX' || type === 'SRV';

const integer = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : NaN);

/**
 * What can be told before asking the platform: a missing value, a TTL or priority out of range. The platform checks
 * everything again (and more: the value's syntax per type, CNAME rules); its answer goes to the field it names.
 */
export function recordFormErrors(form: DnsRecordForm): DnsRecordFormErrors {
  const errors: DnsRecordFormErrors = {};
  if (!(DNS_RECORD_TYPES as readonly string[]).includes(form.type)) errors.type = 'Pick a record type';
  if (form.value.trim() === '') errors.value = 'A value is required';
  const ttl = integer(form.ttl);
  if (form.ttl.trim() !== '' && !(ttl >= TTL_MIN && ttl <= TTL_MAX))
    errors.ttl = `From ${TTL_MIN} to ${TTL_MAX} seconds`;
  if (takesPriority(form.type)) {
    const priority = integer(form.priority);
    if (!(priority >= 0 && priority <= 65535)) errors.priority = `${form.type} records need a priority from 0 to 65535`;
  }
  return errors;
}

/** The form as the mutation's input: blanks left out, so the platform's defaults apply (name @, TTL 3600). */
export function recordInput(form: DnsRecordForm): {
  type: string;
  name: string | null;
  value: string;
  ttl: number | null;
  priority: number | null;
} {
  return {
    type: form.type,
    name: form.name.trim() === '' ? null : form.name.trim(),
    value: form.value.trim(),
    ttl: form.ttl.trim() === '' ? null : integer(form.ttl),
    priority: takesPriority(form.type) && form.priority.trim() !== '' ? integer(form.priority) : null,
  };
}

/** A stored record back in the form, for editing it. */
export function recordForm(record: {
  type: string;
  name: string;
  value: string;
  ttl: number;
  priority?: number | null;
}): DnsRecordForm {
  return {
    type: record.type,
    name: record.name,
    value: record.value,
    ttl: String(record.ttl),
    priority: record.priority == null ? '' : String(record.priority),
  };
}

/**
 * The platform's refusal on the field it names (`details.field` of INVALID_DNS_RECORD and other validation errors);
 * null when it names no field of the form, so it is shown above the form instead.
 */
export function fieldError(error: ApiError): { field: DnsRecordField; message: string } | null {
  const field = error.details.field;
  if (typeof field !== 'string') return null;
  const known: DnsRecordField[] = ['type', 'name', 'value', 'ttl', 'priority'];
  const name = field.replace(/^input\./, '') as DnsRecordField;
  return known.includes(name) ? { field: name, message: error.message } : null;
}
