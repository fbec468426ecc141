import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { EMPTY_TRANSFER_FORM, transferFieldError, transferFormErrors, transferInput } from './transfer-form';

describe('the start-a-transfer form', () => {
  it('asks for every field before sending', () => {
    const errors = transferFormErrors({ ...EMPTY_TRANSFER_FORM, domainName: 'moving.com' });
    expect(errors.domainName).toBeUndefined();
    expect(errors.authCode).toBe('Required');
    expect(errors.country).toBe('Required');
  });

  it('sends the registrant apart from the name and code', () => {
    const input = transferInput({
      ...EMPTY_TRANSFER_FORM,
      domainName: ' moving.com ',
      authCode: 'code',
      city: 'Paris',
    });
    expect(input).toMatchObject({ domainName: 'moving.com', authCode: 'code', registrant: { city: 'Paris' } });
    expect(input.registrant).not.toHaveProperty('authCode');
  });

  it('puts the platform’s refusal on the field it is about', () => {
    const named = new ApiError('bad email', 'VALIDATION_ERROR', 'r1', [], { field: 'input.registrant.email' });
    expect(transferFieldError(named)).toEqual({ field: 'email', message: 'bad email' });
    expect(transferFieldError(new ApiError('no match', 'INVALID_AUTH_CODE', 'r2'))?.field).toBe('authCode');
    expect(transferFieldError(new ApiError('locked', 'TRANSFER_LOCKED', 'r3'))?.field).toBe('domainName');
    expect(transferFieldError(new ApiError('down', 'REGISTRAR_UNAVAILABLE', 'r4'))).toBeNull();
  });
});
