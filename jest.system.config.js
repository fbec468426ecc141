// System tests: need programs from Debian's packages (BIND's delv and dig from bind9-dnsutils, and chromium); run by
// `npm run test:system`, never by `npm test`. `.ci/run` installs the packages when they are missing.
import base from './jest.config.js';

export default {
  ...base,
  roots: ['<rootDir>/dist/test/system'],
  testMatch: ['**/*.system.test.js'],
  testPathIgnorePatterns: ['/node_modules/'],
};
