import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';

const workspaces = ['shell', 'mfe-auth', 'mfe-reservations', 'mfe-admin'];
const uiSources = [...workspaces, 'packages/ui'].map((w) => `${w}/**/*.{ts,tsx}`);

/** Imports flow one way: UIs and services import the domain; nothing imports a UI or a service. */
const forbid = (...groups) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: groups.map((group) => ({
        group,
        message: 'Imports flow one way.',
      })),
    },
  ],
});
/** What the domain's tooling and tests may not import: no other package, no framework. */
const domainToolingForbidden = [
  '@platzbuchung/*',
  '!@platzbuchung/domain',
  'react',
  'react-dom',
  'koa',
  'pg',
  'knex',
  'bullmq',
];
/** What the domain's sources may not import besides: no I/O. */
const domainForbidden = [...domainToolingForbidden, 'node:*', 'fs', 'path'];
const uiPackages = workspaces.map((w) => `@platzbuchung/${w}`);
/** What no server-side code imports: the UIs. */
const serverUiImports = uiPackages.concat(['**/shell/src/**', '**/mfe-*/src/**']);
/** A remote's feature folders (src/features/*). */
const featuresOf = (w) =>
  readdirSync(new URL(`${w}/src/features/`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const otherRemotes = (self) =>
  uiPackages.filter((p) => p !== `@platzbuchung/${self}`).concat(['**/shell/src/**']);

/** What a UI workspace may not import: the services, and the other UIs. */
const workspaceBoundaries = (w) =>
  w === 'shell'
    ? [
        '@platzbuchung/api',
        '@platzbuchung/mailer',
        '**/mfe-*/src/**',
        ...uiPackages.filter((p) => p !== '@platzbuchung/shell'),
      ]
    : ['@platzbuchung/api', '@platzbuchung/mailer', ...otherRemotes(w)];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'var/**',
      'artifacts/**',
      'test-results/**',
      'bench/results/**',
      // Compiled server (npm run build) and released remotes: generated, not sources.
      'services/*/build/**',
      'remotes/**',
      // Written by packages/domain/scripts/generate-validators.ts, checked by a unit test.
      'packages/domain/src/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: uiSources,
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Refusals go to our own alert dialog (mfe-reservations/src/shared/alert), never the browser's.
      'no-alert': 'error',
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: forbid(domainForbidden),
  },
  {
    // The domain's kernel (dates, club time, shapes, types, the decider, texts, validation, the
    // pipeline's rule type, the event streams) imports nothing of its features: they build on it.
    files: [
      'packages/domain/src/*.ts',
      'packages/domain/src/booking-rules/rule.ts',
      'packages/domain/src/events/streams.ts',
    ],
    ignores: ['packages/domain/src/form-validators.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...domainForbidden.map((group) => ({ group: [group], message: 'Imports flow one way.' })),
            {
              regex:
                '^\\./[^/]+/|^\\.\\./(?!(dates|club-time|shapes|types|decider|texts|names|validation-core|courts)$)',
              message: 'The kernel imports only the kernel; a feature imports it, never the other way.',
            },
          ],
        },
      ],
    },
  },
  {
    // The shell's route table and the federation contract: page wiring above the domain, below
    // every UI and service, free of React so the API names the same routes.
    files: ['packages/host/**/*.ts'],
    rules: forbid([...domainForbidden, '!@platzbuchung/host']),
  },
  {
    // The domain's own tooling and tests run in Node and may read and write its files; its sources may not.
    files: ['packages/domain/scripts/**/*.ts', 'packages/domain/test/**/*.ts'],
    rules: forbid(domainToolingForbidden),
  },
  {
    files: ['services/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts'],
    rules: forbid(serverUiImports),
  },
  // The API and the mailer meet only at the outbox (packages/outbox): neither imports the other.
  // (A later block's no-restricted-imports replaces an earlier one's, so the UI groups come along.)
  {
    files: ['services/api/**/*.ts', 'bench/**/*.ts'],
    rules: forbid(serverUiImports, ['@platzbuchung/mailer', '@platzbuchung/mailer/*']),
  },
  {
    files: ['services/mailer/**/*.ts'],
    rules: forbid(serverUiImports, ['@platzbuchung/api', '@platzbuchung/api/*']),
  },
  // Each service reads its environment in one place, where defaults and checks are written once.
  {
    files: ['services/*/src/**/*.ts'],
    ignores: ['services/*/src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: "Read the environment in the service's src/config.ts.",
        },
      ],
    },
  },
  ...workspaces.map((w) => ({
    files: [`${w}/**/*.{ts,tsx}`],
    rules: forbid(workspaceBoundaries(w)),
  })),
  // Each feature folder of a remote imports itself, the remote's shared folder, packages/ui, the
  // domain and other features only through their index.ts: a feature can be read, moved or removed
  // on its own. A remote's src/app composes features; nothing imports src/app but the build.
  ...workspaces
    .filter((w) => w !== 'shell')
    .flatMap((w) =>
      featuresOf(w).map((feature) => ({
        files: [`${w}/src/features/${feature}/**/*.{ts,tsx}`],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              patterns: [
                ...workspaceBoundaries(w).map((group) => ({
                  group: [group],
                  message: 'Imports flow one way.',
                })),
                ...featuresOf(w)
                  .filter((other) => other !== feature)
                  .map((other) => ({
                    // Another feature only through its face (its index.ts): `../booking`, never `../booking/x`.
                    regex: `^(\\.\\./)+${other}/.|/features/${other}/.`,
                    message: `A feature imports another only through its index.ts (\`../${other}\`); move what ${feature} and ${other} share to src/shared.`,
                  })),
                {
                  regex: '^(\\.\\./)+app(/|$)',
                  message: 'src/app composes the features; a feature never imports it.',
                },
              ],
            },
          ],
        },
      })),
    ),
  // A remote's shared folder serves its features and knows none of them, nor the app above them.
  ...workspaces
    .filter((w) => w !== 'shell')
    .map((w) => ({
      files: [`${w}/src/shared/**/*.{ts,tsx}`],
      rules: forbid(workspaceBoundaries(w), ['**/features/**', '../app', '../app/*', '../../app/*']),
    })),
);
