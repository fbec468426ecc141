import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { EMPTY_RECORD_FORM, fieldError, recordForm, recordFormErrors, recordInput } from './dns-record-form';

describe('the DNS record form', () => {
  it('asks for a value and keeps the TTL within 60 to 86400 seconds', () => {
    expect(recordFormErrors({ ...EMPTY_RECORD_FORM, value: ' ' })).toEqual({ value: 'A value is required' });
    expect(recordFormErrors({ ...EMPTY_RECORD_FORM, value: '192.0.2.1', ttl: '59' })).toEqual({
      ttl: 'From 60 to 86400 seconds',
    });
    expect(recordFormErrors({ ...EMPTY_RECORD_FORM, value: '192.0.2.1', ttl: '1h' })).toEqual({
      ttl: 'From 60 to 86400 seconds',
    });
    expect(recordFormErrors({ ...EMPTY_RECORD_FORM, value: '192.0.2.1', ttl: '86400' })).toEqual({});
  });

  it('wants a priority for MX and SRV only', () => {
    expect(recordFormErrors({ ...EMPTY_RECORD_FORM, type: 'MX', value: 'mx.example.com' })).toEqual({
      priority: 'MX records need a priority from 0 to 65535',
    });
    expect(
      recordFormErrors({ ...EMPTY_RECORD_FORM, type: 'MX', value: 'mx.example.com', priority: '65536' }),
    ).toHaveProperty('priority');
    expect(recordFormErrors({ ...EMPTY_RECORD_FORM, type: 'MX', value: 'mx.example.com', priority: '10' })).toEqual({});
    expect(recordFormErrors({ ...EMPTY_RECORD_FORM, type: 'TXT', value: 'v=spf1 -all', priority: '' })).toEqual({});
  });

  it('refuses a type the platform does not serve', () => {
    expect(recordFormErrors({ ...EMPTY_RECORD_FORM, type: 'PTR', value: 'x' })).toEqual({ type: 'Pick a record type' });
  });

  it('leaves blanks out of the input so the platform’s defaults apply, and drops a priority a type does not take', () => {
    expect(recordInput({ type: 'A', name: ' ', value: ' 192.0.2.1 ', ttl: '', priority: '5' })).toEqual({
      type: 'A',
      name: null,
      value: '192.0.2.1',
      ttl: null,
      priority: null,
    });
    expect(recordInput({ type: 'MX', name: 'mail', value: 'mx.example.com', ttl: '300', priority: '10' })).toEqual({
      type: 'MX',
      name: 'mail',
      value: 'mx.example.com',
      ttl: 300,
      priority: 10,
    });
  });

  it('turns a stored record back into the form', () => {
    expect(recordForm({ type: 'MX', name: '@', value: 'mx.example.com.', ttl: 3600, priority: 10 })).toEqual({
      type: 'MX',
      name: '@',
      value: 'mx.example.com.',
      ttl: '3600',
      priority: '10',
    });
    expect(recordForm({ type: 'A', name: 'www', value: '192.0.2.1', ttl: 60, priority: null }).priority).toBe('');
  });

  it('puts the platform’s refusal on the field it names, and nowhere when it names none', () => {
    const onValue = new ApiError(
      'A record value must be an IPv4 address',
      'INVALID_DNS_RECORD',
      'req_1',
      ['createDnsRecord'],
      { field: 'value', received: 'x' },
    );
    expect(fieldError(onValue)).toEqual({ field: 'value', message: 'A record value must be an IPv4 address' });
    expect(fieldError(new ApiError('ttl', 'VALIDATION_ERROR', null, [], { field: 'input.ttl' }))).toEqual({
      field: 'ttl',
      message: 'ttl',
    });
    expect(fieldError(new ApiError('Domain not found', 'NOT_FOUND', null))).toBeNull();
    expect(fieldError(new ApiError('x', 'INVALID_DNS_RECORD', null, [], { field: 'zone' }))).toBeNull();
  });
});
