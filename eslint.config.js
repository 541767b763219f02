// Layer rules (DEVELOPERS.md, "Layers"): each folder may only import what runs where it runs.
import path from 'node:path';
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
// an explicit export; the shell (renderer/src/app) imports the features, so a feature importing it
// back makes a cycle, and its one door for features is the tool-view store; the shell, as the page's
// composer, may import any feature module, the UI parts and i18n, but the host only through its entry,
// as features do; general UI parts (renderer/src/ui) use no feature, shell or host code; the host
// (the page's one door to the core) and i18n (catalogues and translator) import no other page code,
// so either can be used from anywhere without a cycle. These arrows are judged on where the import
// lands, not on how its path is spelled ('../../host/x', '../../../src/host/x', './../../host/./x'
// are one arrow), which no-restricted-imports' patterns cannot do. There are no path aliases
// (tsconfig and vite resolve relative paths only), so every page import is relative or a package.
const pageRoot = path.join(import.meta.dirname, 'renderer', 'src');
const pageArrowMessages = {
  hostInternals: "Import the host through its entry ('../../host'), not its transports or workers.",
  featureInternals: "Import another feature through its entry ('../<feature>', its index.ts), not its modules; general UI parts belong in renderer/src/ui.",
  shell: "Features do not import the shell (renderer/src/app), except '../../app/tool-view-store'; general UI parts belong in renderer/src/ui.",
  uiToPage: 'renderer/src/ui holds general UI parts: they import no feature, shell or host code.',
  shellHostInternals: "The shell imports the host through its entry ('../host'), as features do, not its transports or workers.",
  hostToPage: "renderer/src/host is the page's one door to the core: it imports no feature, shell, UI or i18n code.",
  i18nToPage: 'renderer/src/i18n holds the catalogues and the translator: it imports no feature, shell, host or UI code.',
};

// The folders under renderer/src an import lands in, with the extension and a last `index` dropped,
// so '../request', '../request/index' and '../request/index.ts' are all ['features', 'request'];
// null for packages and for anything outside renderer/src.
function pagePlace(file, source) {
  if (!source.startsWith('.') && !path.isAbsolute(source)) return null;
  const relative = path.relative(pageRoot, path.resolve(path.dirname(file), source));
  if (relative === '..' || relative.startsWith('..' + path.sep) || path.isAbsolute(relative)) return null;
  const parts = relative.split(path.sep).filter((part) => part !== '');
  if (parts.length > 0) parts[parts.length - 1] = parts[parts.length - 1].replace(/\.(tsx?|jsx?|mjs)$/, '');
  if (parts[parts.length - 1] === 'index') parts.pop();
  return parts;
}

// Which page arrow an import from `file` to `source` breaks (a key of pageArrowMessages), if any.
function brokenPageArrow(file, source) {
  const from = pagePlace(file, './' + path.basename(file));
  const to = pagePlace(file, source);
  if (!from || !to) return null;
  const [layer, ...inside] = to;
  if (from[0] === 'ui') return ['features', 'app', 'host'].includes(layer) ? 'uiToPage' : null;
  if (from[0] === 'app') return layer === 'host' && inside.length > 0 ? 'shellHostInternals' : null;
  if (from[0] === 'host') return ['features', 'app', 'ui', 'i18n'].includes(layer) ? 'hostToPage' : null;
  if (from[0] === 'i18n') return ['features', 'app', 'host', 'ui'].includes(layer) ? 'i18nToPage' : null;
  if (from[0] !== 'features') return null;
  if (layer === 'host' && inside.length > 0) return 'hostInternals';
  if (layer === 'features' && inside.length > 1 && inside[0] !== from[1]) return 'featureInternals';
  if (layer === 'app' && inside.join('/') !== 'tool-view-store') return 'shell';
  return null;
}

const pageArrows = {
  meta: { type: 'problem', messages: pageArrowMessages, schema: [] },
  create(context) {
    // Every node that names a module keeps it in `source` (typescript-eslint 8 too, for import('x')
    // types); a re-export without `from`, or a computed import(), has no string there.
    const check = (node) => {
      const source = typeof node.source?.value === 'string' ? node.source.value : null;
      const broken = source === null ? null : brokenPageArrow(context.filename, source);
      if (broken) context.report({ node, messageId: broken });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check, TSImportType: check };
  },
};
const layersPlugin = { rules: { 'page-arrows': pageArrows } };
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
    plugins: { layers: layersPlugin },
    rules: {
      'no-restricted-imports': ['error', { paths: rendererPaths, patterns: rendererPatterns }],
      'layers/page-arrows': 'error',
    },
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
