import type { ApiError } from '../../api/api-error';

/** What the start-a-transfer dialog holds: the name, its auth code and the registrant the domain will carry. */
export interface TransferForm {
  domainName: string;
  authCode: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
}

export type TransferField = keyof TransferForm;
export type TransferFormErrors = Partial<Record<TransferField, string>>;

export const EMPTY_TRANSFER_FORM: TransferForm = {
  domainName: '',
  authCode: '',
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  postalCode: '',
  country: '',
};

const FIELDS = Object.keys(EMPTY_TRANSFER_FORM) as TransferField[];

/** Empty required fields, before anything is sent; the platform checks the rest. */
export function transferFormErrors(form: TransferForm): TransferFormErrors {
  const errors: TransferFormErrors = {};
  for (const field of FIELDS) if (!form[field].trim()) errors[field] = 'Required';
  return errors;
}

export function transferInput(form: TransferForm) {
  const { domainName, authCode, ...registrant } = form;
  return { domainName: domainName.trim(), authCode: authCode.trim(), registrant };
}

/**
 * The field a refusal belongs on: the one the platform names (`input.registrant.email` → email), else the one its
 * code is about (a wrong auth code, a locked or unknown name).
 */
export function transferFieldError(error: ApiError): { field: TransferField; message: string } | null {
  const named = typeof error.details.field === 'string' ? error.details.field.split('.').pop() : undefined;
  if (named && (FIELDS as string[]).includes(named)) return { field: named as TransferField, message: error.message };
  if (error.code === 'INVALID_AUTH_CODE') return { field: 'authCode', message: error.message };
  if (['TRANSFER_LOCKED', 'NOT_FOUND', 'CONFLICT', 'DOMAIN_UNAVAILABLE'].includes(error.code))
    return { field: 'domainName', message: error.message };
  return null;
}
