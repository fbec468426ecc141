import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through platform/config.' }],
      'no-restricted-syntax': ['error', {
        selector: "CallExpression[callee.property.name='createQueryBuilder']",
        message: 'The QueryBuilder skips the tenant filter: use platform/orm/find-page.ts (or em.find / em.execute with tenantOf).',
      }],
    },
  },
  {
    // Every module: raw SQL only through platform/orm/tenant-sql.ts (tenantSql binds the organization itself;
    // crossTenantSql names why a statement spans organizations). A bare execute is one forgotten clause from a leak.
    files: ['subgraphs/**'],
    rules: {
      'no-restricted-syntax': ['error',
        { selector: "CallExpression[callee.property.name='createQueryBuilder']", message: 'The QueryBuilder skips the tenant filter: use platform/orm/find-page.ts or tenantSql.' },
        { selector: "CallExpression[callee.property.name=/^(execute|getConnection|getKnex)$/]", message: 'Raw SQL goes through tenantSql(em) / crossTenantSql(em, why) from platform/orm/tenant-sql.ts.' },
      ],
    },
  },
  {
    // The modules written the new way also refuse knex's raw().
    files: ['subgraphs/support/**', 'subgraphs/domains/**', 'subgraphs/mailboxes/**'],
    rules: {
      'no-restricted-syntax': ['error',
        { selector: "CallExpression[callee.property.name='createQueryBuilder']", message: 'The QueryBuilder skips the tenant filter: use platform/orm/find-page.ts or tenantSql.' },
        { selector: "CallExpression[callee.property.name=/^(execute|getConnection|getKnex|raw)$/]", message: 'Raw SQL goes through tenantSql(em) / crossTenantSql(em, why) from platform/orm/tenant-sql.ts.' },
      ],
    },
  },
  { files: ['*.config.js'], languageOptions: { globals: { process: 'readonly' } } },
  { files: ['platform/config/**', 'test/**', '*.config.js'], rules: { 'no-restricted-properties': 'off' } },
  { files: ['platform/orm/find-page.ts', 'test/**'], rules: { 'no-restricted-syntax': 'off' } },
);
