import { formatError } from '../../../platform/errors/format-error.js';
import { coercionDetails } from '../../../platform/errors/coercion-details.js';
import { errorCodeCatalog } from '../../../platform/errors/error-codes.js';
import '../../../gateway/modules.js';

describe(formatError.name, () => {
  it('should hide unknown errors as INTERNAL_ERROR 500', () => {
    expect(formatError({ message: 'select * from secrets failed', extensions: {} })).toEqual({
      message: 'Internal server error',
      path: undefined,
      extensions: { code: 'INTERNAL_ERROR', http: { status: 500 } },
    });
  });

  it('should keep domain codes with their status and details', () => {
    const out = formatError({ message: 'x', extensions: { code: 'NOT_FOUND', details: { field: 'id' } } });
    expect(out.extensions).toEqual({ code: 'NOT_FOUND', http: { status: 404 }, details: { field: 'id' } });
  });

  it('should map GraphQL client errors to INVALID_REQUEST', () => {
    expect(
      formatError({ message: 'Cannot query field "x"', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }).extensions
        ?.code,
    ).toBe('INVALID_REQUEST');
  });

  it("should map every code of the catalog (the modules' own included) to its status, our own 5xx codes included (SERVICE_UNAVAILABLE 503)", () => {
    for (const [code, { status }] of errorCodeCatalog()) {
      const out = formatError({ message: 'm', extensions: { code } });
      expect([code, out.extensions?.code, out.extensions?.http]).toEqual([code, code, { status }]);
    }
    expect(formatError({ message: 'upstream down', extensions: { code: 'SERVICE_UNAVAILABLE' } }).message).toBe(
      'upstream down',
    );
  });

  it("should hide a 5xx code that is not ours (a library's) as INTERNAL_ERROR", () => {
    expect(
      formatError({ message: 'pool exhausted at 10.0.0.5', extensions: { code: 'INTERNAL_SERVER_ERROR' } }),
    ).toEqual({
      message: 'Internal server error',
      path: undefined,
      extensions: { code: 'INTERNAL_ERROR', http: { status: 500 } },
    });
  });
});

describe(coercionDetails.name, () => {
  it('should read a nested wrong type', () => {
    expect(
      coercionDetails(
        'Variable "$input" got invalid value 123 at "input.to[0]"; String cannot represent a non string value: 123',
      ),
    ).toEqual({ field: 'to[0]', received: 123, expected: 'String cannot represent a non string value: 123' });
  });

  it('should name a missing required field', () => {
    expect(
      coercionDetails(
        'Variable "$input" got invalid value {}; Field "name" of required type "String!" was not provided.',
      ),
    ).toMatchObject({
      field: 'name',
      received: null,
      expected: 'Field "name" of required type "String!" was not provided',
    });
  });

  it('should name an unknown field and answer its name as received', () => {
    expect(
      coercionDetails(
        'Variable "$input" got invalid value { colour: "red" }; Field "colour" is not defined by type "CreateThingInput".',
      ),
    ).toMatchObject({ field: 'colour', received: 'colour' });
  });

  it('should name a missing required variable', () => {
    expect(coercionDetails('Variable "$email" of required type "String!" was not provided.')).toMatchObject({
      field: 'email',
      received: null,
    });
  });

  it('should leave other messages alone', () => {
    expect(coercionDetails('Something else')).toBeUndefined();
  });
});
