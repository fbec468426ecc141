// Tests are compiled by the same `tsc` build as the code (decorator metadata identical to production)
// and Jest runs the emitted ESM under --experimental-vm-modules.
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/dist/test'],
  testMatch: ['**/*.test.js'],
  // System tests need Debian packages (delv, dig): `npm run test:system` runs them.
  testPathIgnorePatterns: ['/node_modules/', '/dist/test/system/'],
  moduleFileExtensions: ['js', 'json'],
  transform: {},
  testTimeout: 60_000,
  maxWorkers: process.env.CI ? 2 : '50%',
  // Each ESM test file loads its own module graph into the worker and not all of it is collected: a worker that ran
  // ~70 files reached the heap limit in CI ("Jest worker ran out of memory"). Past this it is replaced between files.
  workerIdleMemoryLimit: '1536MB',
  setupFiles: ['<rootDir>/dist/test/helpers/setup-env.js'],
  setupFilesAfterEnv: ['<rootDir>/dist/test/helpers/after-each-file.js'],
};
