// Layer rules (DEVELOPERS.md, "Layers"): each folder may only import what runs where it runs.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeBuiltins = { group: ['node:*'], message: 'This layer runs outside Node: no node:* imports.' };
const electronImport = { name: 'electron', message: 'Only electron/main and electron/preload may import electron.' };
const toElectron = { group: ['**/electron/**', '**/electron'], message: 'The page and shared code never import electron/**.' };
const toRenderer = { group: ['**/renderer/**'], message: 'Only the renderer imports renderer code.' };
const toOutsideShared = {
  group: ['**/electron/**', '**/renderer/**', '**/e2e/**', '**/test/**', '**/bench/**', '**/examples/**'],
  message: 'shared/ is pure: it imports nothing outside shared/.',
};
const bareNodeModules = ['fs', 'path', 'os', 'http', 'https', 'net', 'tls', 'crypto', 'child_process', 'zlib', 'stream', 'url', 'util', 'events', 'buffer'].map(
  (name) => ({ name, message: 'Use of Node built-ins is not allowed in this layer.' }),
);

// Inside the page: features reach the host only through its entry (renderer/src/host/index.ts) and
// each other only through their entries (features/<name>/index.ts), so every cross-feature arrow is
// an explicit export; general UI parts (renderer/src/ui) use neither features nor the host.
const toHostInternals = {
  regex: '^(\\.\\./)+host/',
  message: "Import the host through its entry ('../../host'), not its transports or workers.",
};
const toFeatureInternals = {
  regex: '^\\.\\./[^./][^/]*/',
  message: "Import another feature through its entry ('../<feature>', its index.ts); general UI parts belong in renderer/src/ui.",
};
// The same arrow spelled through the features folder (`../../features/<feature>/…`).
const toFeatureInternalsByPath = {
  regex: '^(\\.\\./)+features/[^/]+/',
  message: "Import another feature through its entry ('../<feature>', its index.ts), not its modules.",
};
// The shell imports the features; a feature importing the shell back makes a cycle. Its one door
// for features is the tool-view store (opening a tool view).
const toShellInternals = {
  regex: '^(\\.\\./)+app/(?!tool-view-store$)',
  message: "Features do not import the shell (renderer/src/app), except '../../app/tool-view-store'; general UI parts belong in renderer/src/ui.",
};
const uiToPage = {
  regex: '^\\.\\./(features|app|host)(/|$)',
  message: 'renderer/src/ui holds general UI parts: they import no feature, shell or host code.',
};
const rendererPaths = [electronImport, ...bareNodeModules];
const rendererPatterns = [nodeBuiltins, toElectron];

export const layerZones = [
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [electronImport, ...bareNodeModules], patterns: [nodeBuiltins, toOutsideShared] }] },
  },
  {
    files: ['electron/node/**/*.ts', 'electron/web/**/*.ts', 'electron/cli/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [electronImport], patterns: [toRenderer] }] },
  },
  {
    files: ['electron/main/**/*.ts', 'electron/preload/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [toRenderer] }] },
  },
  {
    files: ['renderer/src/**/*.{ts,tsx}'],
    ignores: ['renderer/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: rendererPaths, patterns: rendererPatterns }] },
  },
  // Later zones replace the rule's options for their files, so each repeats the renderer's own.
  {
    files: ['renderer/src/features/**/*.{ts,tsx}'],
    ignores: ['renderer/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: rendererPaths, patterns: [...rendererPatterns, toHostInternals, toFeatureInternals, toFeatureInternalsByPath, toShellInternals] },
      ],
    },
  },
  {
    files: ['renderer/src/ui/**/*.{ts,tsx}'],
    ignores: ['renderer/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: rendererPaths, patterns: [...rendererPatterns, uiToPage] }] },
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'examples/**',
      'coverage/**',
      'electron/node/servergen/template/**',
      '**/*.tmpl',
      'test/fixtures/lint/**',
      '**/.tmp*',
      '.tmp*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', Buffer: 'readonly' } },
  },
  ...layerZones,
);
