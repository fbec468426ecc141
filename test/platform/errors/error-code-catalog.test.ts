import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allModules } from '../../../gateway/modules.js';
import {
  errorCodeCatalog,
  PLATFORM_ERROR_CODES,
  SHARED_ERROR_CODES,
  statusOf,
} from '../../../platform/errors/error-codes.js';

/** The single table the platform held before modules declared their own codes: the collected catalog must equal it. */
const before: { code: string; status: number; answeredOn?: unknown; shownAs?: unknown; openai?: unknown }[] =
  JSON.parse(
    readFileSync(
      join(import.meta.dirname, '..', '..', '..', '..', 'test', 'platform', 'errors', 'error-codes-before.json'),
      'utf8',
    ),
  );

const byCode = <T extends { code: string }>(rows: T[]) => [...rows].sort((a, b) => a.code.localeCompare(b.code));

describe('the error code catalog', () => {
  const modules = allModules();

  it('should collect the same codes, statuses, routes and envelope names as the one table it replaced', () => {
    const collected = errorCodeCatalog().map(([code, { status, answeredOn, shownAs, openai }]) => ({
      code,
      status,
      answeredOn,
      shownAs,
      openai,
    }));
    const normalize = (rows: typeof before) => byCode(rows.map((row) => JSON.parse(JSON.stringify(row))));
    expect(normalize(collected)).toEqual(normalize(before));
  });

  it("should hold each module's own codes in the module, answered on that module's routes only", () => {
    const owners = new Map(
      modules.flatMap((module) => Object.keys(module.errorCodes ?? {}).map((code) => [code, module.name] as const)),
    );
    for (const [code, entry] of errorCodeCatalog()) {
      if (Object.hasOwn(PLATFORM_ERROR_CODES, code) || Object.hasOwn(SHARED_ERROR_CODES, code))
        expect([code, owners.get(code)]).toEqual([code, undefined]);
      else expect([code, entry.answeredOn]).toEqual([code, [owners.get(code)]]);
    }
    expect(owners.size).toBe(
      errorCodeCatalog().length - Object.keys(PLATFORM_ERROR_CODES).length - Object.keys(SHARED_ERROR_CODES).length,
    );
  });

  it("should give a module's code its status wherever it is thrown (CONTACT_EMAIL_EXISTS 409, BUDGET_EXCEEDED 429)", () => {
    expect([statusOf('CONTACT_EMAIL_EXISTS'), statusOf('BUDGET_EXCEEDED'), statusOf('NOT_A_CODE')]).toEqual([
      409, 429, 500,
    ]);
  });
});
