import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      '.data/**',
      'coverage/**',
      'console/src/gql/**',
      'console/node_modules/**',
      'sdk/dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through platform/config.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='createQueryBuilder']",
          message:
            'The QueryBuilder skips the tenant filter: use platform/orm/find-page.ts (or em.find / em.execute with tenantOf).',
        },
      ],
    },
  },
  {
    // Every module: raw SQL only through platform/orm/tenant-sql.ts (tenantSql binds the organization itself;
    // crossTenantSql names why a statement spans organizations). A bare execute is one forgotten clause from a leak.
    files: ['subgraphs/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='createQueryBuilder']",
          message: 'The QueryBuilder skips the tenant filter: use platform/orm/find-page.ts or tenantSql.',
        },
        {
          selector: 'CallExpression[callee.property.name=/^(execute|getConnection|getKnex)$/]',
          message: 'Raw SQL goes through tenantSql(em) / crossTenantSql(em, why) from platform/orm/tenant-sql.ts.',
        },
      ],
    },
  },
  {
    // The modules written the new way also refuse knex's raw().
    files: ['subgraphs/support/**', 'subgraphs/domains/**', 'subgraphs/mailboxes/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='createQueryBuilder']",
          message: 'The QueryBuilder skips the tenant filter: use platform/orm/find-page.ts or tenantSql.',
        },
        {
          selector: 'CallExpression[callee.property.name=/^(execute|getConnection|getKnex|raw)$/]',
          message: 'Raw SQL goes through tenantSql(em) / crossTenantSql(em, why) from platform/orm/tenant-sql.ts.',
        },
      ],
    },
  },
  {
    // platform/ too: tenant data goes through tenantSql like a module's.
    files: ['platform/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='createQueryBuilder']",
          message: 'The QueryBuilder skips the tenant filter: use platform/orm/find-page.ts or tenantSql.',
        },
        {
          selector: 'CallExpression[callee.property.name=/^(execute|getConnection|getKnex)$/]',
          message: 'Raw SQL goes through tenantSql(em) / crossTenantSql(em, why) from platform/orm/tenant-sql.ts.',
        },
      ],
    },
  },
  {
    // Deliberate raw SQL of the platform itself, outside any one organization:
    files: [
      'platform/orm/tenant-sql.ts', // the helper that binds the organization
      'platform/orm/pooled-query.ts', // the driver road of tenant-sql.ts and find-page.ts, whose statements bind it
      'platform/crypto/encryption-key.ts', // platform.settings: one key for the installation, read at start
      'platform/events/emit-event.ts', // outbox insert for the organization the caller names, with its NOTIFY
      'platform/events/event-dispatcher.ts', // takes undispatched events of every organization, in order
      'platform/events/prune-events.job.ts', // deletes dispatched events of every organization past retention
      'platform/jobs/jobs.ts', // Agenda's job table (no organization column)
      'platform/metrics/platform-sources.ts', // outbox lag and pool figures for the whole installation
      'platform/organizations/api-key.service.ts', // finds a key by its hash: the organization is not known yet
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='createQueryBuilder']",
          message: 'The QueryBuilder skips the tenant filter: use platform/orm/find-page.ts or tenantSql.',
        },
      ],
    },
  },
  // The console runs in the browser (its scripts in Node): their globals, and no platform/config to read.
  { files: ['console/scripts/**'], languageOptions: { globals: { console: 'readonly' } } },
  {
    files: ['console/src/**'],
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        location: 'readonly',
        sessionStorage: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        AbortController: 'readonly',
        Response: 'readonly',
      },
    },
  },
  { files: ['*.config.js'], languageOptions: { globals: { process: 'readonly' } } },
  { files: ['.dependency-cruiser.cjs'], languageOptions: { sourceType: 'commonjs', globals: { module: 'writable' } } },
  { files: ['platform/config/**', 'test/**', '*.config.js'], rules: { 'no-restricted-properties': 'off' } },
  { files: ['platform/orm/find-page.ts', 'test/**'], rules: { 'no-restricted-syntax': 'off' } },
);
