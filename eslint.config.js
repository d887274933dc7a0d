import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noImportCycle from './scripts/lint/no-import-cycle.js';

/** The parts of the code base and what each may import (the first matching pattern names a file's part). */
const ELEMENTS = [
  { type: 'contract', pattern: 'contract/**' },
  { type: 'db', pattern: 'db/**' },
  // The API's floors, each importing only those below it (docs/architecture.md, "The API's floors");
  // what stands on none of them (server.ts, app.ts, routes.ts, bootstrap.ts, metrics/) puts them together.
  { type: 'api-platform', pattern: 'api/platform/**' },
  { type: 'api-standings', pattern: 'api/standings/**' },
  { type: 'api-content', pattern: 'api/content/**' },
  { type: 'api-play', pattern: 'api/play/**' },
  { type: 'api-results', pattern: 'api/results/**' },
  { type: 'api', pattern: 'api/**' },
  { type: 'web-offline', pattern: 'web/offline/**' },
  // One admin screen: it imports its own folder and the shared places, never another feature.
  { type: 'web-feature', pattern: 'web/features/*/**', capture: ['feature'] },
  // The shared places of the admin app: what two features both need lives here.
  { type: 'web-shared', pattern: 'web/{shared,lib,components}/**' },
  { type: 'web', pattern: 'web/**' },
  { type: 'sw', pattern: 'sw/**' },
  { type: 'tests', pattern: 'tests/**' },
  { type: 'scripts', pattern: 'scripts/**' },
];

/** The API's floors from the ground up: each may import its own floor and those before it. */
const API_FLOORS = ['api-platform', 'api-standings', 'api-content', 'api-play', 'api-results'];
const API_TYPES = [...API_FLOORS, 'api'];
const floorPolicies = API_FLOORS.map((floor, index) => ({
  from: { element: { type: floor } },
  allow: { to: { element: { type: [...API_FLOORS.slice(0, index + 1), 'db', 'contract'] } } },
}));

const DEXIE_AND_FACADE = [
  { group: ['dexie', 'dexie/*'], message: 'Only web/offline uses Dexie: go through its facade (web/offline/index.ts).' },
  { group: ['**/offline/*'], message: 'Import the offline layer through its facade (web/offline/index.ts).' },
];

/**
 * The player screen is its own small build (web/play.html, Preact behind the React API, a budget on
 * its JavaScript): what it imports must work with preact/compat and stay light. No admin libraries,
 * no zod (the contract's barrel builds every schema: import its zod-free modules, or types only),
 * nothing of the admin app's web/lib and web/components.
 */
const PLAYER_GRAPH_BANS = [
  {
    group: ['react-router', 'react-router-dom', '@tanstack/*', '@headlessui/*', '@radix-ui/*', 'react-hook-form', '@hookform/*', 'zod', 'zod/*', 'dompurify', 'date-fns', 'date-fns/*', 'react-day-picker'],
    message: 'The player build (web/play.html) stays small and Preact-compatible: use plain React hooks and the player\'s own pieces.',
  },
  { regex: '^(\\.\\./)+(lib|components)(/|$)', message: 'The player build takes nothing from the admin app (web/lib, web/components): give the player its own piece under web/player.' },
  { regex: '^(\\.\\./)+contract(/index)?$', allowTypeImports: true, message: 'The contract barrel builds every zod schema: import types only, or a zod-free contract module.' },
];


export default tseslint.config(
  { ignores: ['dist/**', 'dist-server/**', 'node_modules/**', 'data/**', '.tmp/**', 'test-results/**', 'playwright-report/**', 'web/public/**', 'tests/lint-fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { boundaries, local: { rules: { 'no-import-cycle': noImportCycle } } },
    settings: {
      'boundaries/elements': ELEMENTS.map((e) => ({ ...e, partialMatch: false })),
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'local/no-import-cycle': 'error',
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          // Packages and Node built-ins are checked too: the contract runs everywhere, so it may use
          // only zod (and zxcvbn-ts, for the password rule); the service worker only Workbox (no React UI, no Node).
          checkAllOrigins: true,
          policies: [
            { from: { element: { type: 'contract' } }, allow: { to: { element: { type: 'contract' } } } },
            { from: { element: { type: 'contract' } }, allow: { to: { module: { origin: 'external', source: 'zod' } } } },
            // The password rule's strength estimate (contract/password-strength.ts, outside the barrel).
            { from: { element: { type: 'contract' } }, allow: { to: { module: { origin: 'external', source: '@zxcvbn-ts/*' } } } },
            { from: { element: { type: 'db' } }, allow: { to: { element: { type: ['db', 'contract'] } } } },
            ...floorPolicies,
            { from: { element: { type: 'api' } }, allow: { to: { element: { type: [...API_TYPES, 'db', 'contract'] } } } },
            // The offline layer imports nothing of the web app (no fetch wrapper, no screens, no
            // React: see below); the web app reaches it only through its facade (see below).
            { from: { element: { type: 'web' } }, allow: { to: { element: { type: ['web', 'web-feature', 'web-shared', 'web-offline', 'contract'] } } } },
            // A feature reaches another feature's piece only once it has moved to a shared place.
            {
              from: { element: { type: 'web-feature' } },
              allow: { to: { element: { type: 'web-feature', captured: { feature: '{{ from.captured.feature }}' } } } },
            },
            { from: { element: { type: ['web-feature', 'web-shared'] } }, allow: { to: { element: { type: ['web-shared', 'web', 'web-offline', 'contract'] } } } },
            { from: { element: { type: 'web-offline' } }, allow: { to: { element: { type: ['web-offline', 'contract'] } } } },
            { from: { element: { type: 'sw' } }, allow: { to: { element: { type: ['sw', 'contract', 'web-offline'] } } } },
            { from: { element: { type: 'sw' } }, allow: { to: { module: { origin: 'external', source: 'workbox-*' } } } },
            {
              from: { element: { type: 'tests' } },
              allow: { to: { element: { type: ['tests', ...API_TYPES, 'db', 'contract', 'web', 'web-feature', 'web-shared', 'web-offline', 'sw'] } } },
            },
            { from: { element: { type: 'scripts' } }, allow: { to: { element: { type: ['scripts', 'db', 'contract'] } } } },
            {
              from: { element: { type: ['db', ...API_TYPES, 'web', 'web-feature', 'web-shared', 'web-offline', 'tests', 'scripts'] } },
              allow: { to: { module: { origin: ['external', 'core'] } } },
            },
          ],
        },
      ],
    },
  },
  {
    // TypeORM's two-sided relations (a company's sites, a site's company) make entity files import
    // each other; the lazy `() => Entity` and `Relation<>` wrappers are how TypeORM makes that safe.
    files: ['db/entities/**/*.ts'],
    rules: { 'local/no-import-cycle': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Only the offline layer opens the device's database, and the rest of the web app reaches the
    // layer through its facade (web/offline/index.ts), never its modules.
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/offline/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: DEXIE_AND_FACADE }] },
  },
  {
    // The offline layer runs without React or the web app's query cache, and is in the player build.
    files: ['web/offline/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react/*', 'react-dom', 'react-dom/*'], message: 'web/offline is framework-free: React and its libraries stay in web/player.' },
            ...PLAYER_GRAPH_BANS,
          ],
        },
      ],
    },
  },
  {
    // The player screen's own build (the rules above, plus the player graph's bans).
    files: ['web/player/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...DEXIE_AND_FACADE, ...PLAYER_GRAPH_BANS] }] },
  },
  {
    files: ['tests/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Each browser-test worker has its own server (tests/e2e/fixtures.ts): a spec that took `test`
    // from Playwright itself would have no server and no baseURL.
    files: ['tests/e2e/**/*.ts'],
    ignores: ['tests/e2e/fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', importNames: ['test'], message: "Import test from tests/e2e/fixtures.ts: it starts this worker's server." }] },
      ],
    },
  },
  {
    // One rule for transactions (docs/architecture.md, "Transactions"): the service opens its own,
    // a route never does, so what is atomic is read in one place.
    files: ['api/routes.ts', 'api/**/routes.ts', 'api/**/*-routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name=/^(transaction|createQueryRunner)$/]",
          message: 'A route never opens a transaction: call a service function that opens its own (docs/architecture.md, "Transactions").',
        },
      ],
    },
  },
);
