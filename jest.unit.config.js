// The fast tier (`npm run test:unit`): test files that need no database, server or child process, picked by what they
// import, so a new pure-logic test joins without being listed. Seconds instead of the full suite's minutes.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import base from './jest.config.js';

const NEEDS_SERVICES =
  /test-platform|test-database|createTestDatabase|createOrm|startPlatform|child_process|ioredis|from 'pg'|test\/bench|system\.test/;

function testFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? testFiles(path) : name.endsWith('.test.js') ? [path] : [];
  });
}

/** Whether a test file, or a test helper it imports (relative imports under dist/test, followed), needs services. */
function needsServices(file, seen = new Set()) {
  if (seen.has(file)) return false;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  if (NEEDS_SERVICES.test(text)) return true;
  const helpers = [...text.matchAll(/from '(\.{1,2}\/[^']+\.js)'/g)]
    .map((m) => resolve(dirname(file), m[1]))
    .filter((f) => f.startsWith(root));
  return helpers.some((helper) => needsServices(helper, seen));
}

const root = join(import.meta.dirname, 'dist', 'test');
const pure = testFiles(root).filter((file) => !needsServices(file));

export default {
  ...base,
  testMatch: undefined,
  testRegex: pure.length ? pure.map((file) => file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) : ['^$'],
  // Nothing here starts a platform; the after-file hook would load the whole stack into every pure test.
  setupFilesAfterEnv: [],
};
