/**
 * Everything Monaco. This module is only ever reached through a dynamic import(), so the editor,
 * its CSS and its workers form their own chunk and never weigh on the first paint.
 */
import * as monaco from 'monaco-editor/esm/vs/editor/editor.api.js';
import * as jsonContribution from 'monaco-editor/esm/vs/language/json/monaco.contribution.js';
import EditorWorker from 'monaco-editor/esm/vs/editor/editor.worker.js?worker';
import JsonWorker from 'monaco-editor/esm/vs/language/json/json.worker.js?worker';
import type { json as MonacoJson } from 'monaco-editor';

// Workers come from our own origin as separate files: the CSP allows `worker-src 'self'` only.
globalThis.MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

const jsonDefaults = (jsonContribution as unknown as typeof MonacoJson).jsonDefaults;

/** One schema per open model: Monaco takes a single list, so we keep the map and publish it whole. */
const schemaByModel = new Map<string, { uri: string; schema: unknown }>();

function publishSchemas(): void {
  jsonDefaults.setDiagnosticsOptions({
    validate: true,
    allowComments: false,
    enableSchemaRequest: false,
    schemaValidation: 'error',
    schemas: [...schemaByModel.entries()].map(([modelUri, entry]) => ({ uri: entry.uri, fileMatch: [modelUri], schema: entry.schema })),
  });
}

export function setModelSchema(modelUri: string, schemaUri: string | undefined, schema: unknown): void {
  if (schemaUri && schema) schemaByModel.set(modelUri, { uri: schemaUri, schema });
  else schemaByModel.delete(modelUri);
  publishSchemas();
}

export function themeFor(dark: boolean): string {
  return dark ? 'vs-dark' : 'vs';
}

export { monaco };
