import { useEffect, useRef, useState } from 'react';
import type * as Monaco from 'monaco-editor';
import { useT } from '../../i18n/i18n';
import { useEffectiveDark } from '../settings';
import { markersToKeep } from './template-markers';

type MonacoModule = typeof import('./monaco-setup');
let loading: Promise<MonacoModule> | undefined;

/** Frees a closed tab's model (its text and undo history); a no-op before Monaco has loaded. */
export function disposeEditorModel(modelId: string): void {
  void loading?.then(({ monaco, setModelSchema }) => {
    const uri = `inmemory://powerduck/${modelId}.json`;
    setModelSchema(uri, undefined, undefined);
    monaco.editor.getModel(monaco.Uri.parse(uri))?.dispose();
  });
}

/** Starts loading Monaco's chunk (e.g. on first hover of "New request"); safe to call often. */
export function preloadMonaco(): Promise<MonacoModule> {
  loading ??= import('./monaco-setup');
  return loading;
}

interface JsonEditorProps {
  /** Stable id: the model URI, so each tab keeps its own undo history and schema. */
  modelId: string;
  value: string;
  onChange?: (value: string) => void;
  label: string;
  readOnly?: boolean;
  schema?: { uri: string; schema: unknown };
  /** Ctrl/Cmd+Enter inside the editor. */
  onSubmit?: () => void;
  onProblems?: (count: number) => void;
}

/**
 * Monaco for JSON, loaded on first use. External value changes (Replace body, Continue) are
 * applied as one undoable edit, so Ctrl+Z brings the previous draft back.
 */
export function JsonEditor({ modelId, value, onChange, label, readOnly, schema, onSubmit, onProblems }: JsonEditorProps) {
  const t = useT();
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Monaco.editor.IStandaloneCodeEditor | null>(null);
  const moduleRef = useRef<MonacoModule | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const dark = useEffectiveDark();
  const latest = useRef({ onChange, onSubmit, onProblems, value });
  latest.current = { onChange, onSubmit, onProblems, value };
  const modelUri = `inmemory://powerduck/${modelId}.json`;

  useEffect(() => {
    let disposed = false;
    const disposables: Monaco.IDisposable[] = [];
    preloadMonaco()
      .then((mod) => {
        if (disposed || !host.current) return;
        moduleRef.current = mod;
        const { monaco } = mod;
        const uri = monaco.Uri.parse(modelUri);
        const model = monaco.editor.getModel(uri) ?? monaco.editor.createModel(latest.current.value, 'json', uri);
        if (model.getValue() !== latest.current.value) model.setValue(latest.current.value);
        const editor = monaco.editor.create(host.current, {
          model,
          ariaLabel: label,
          readOnly: Boolean(readOnly),
          automaticLayout: true,
          minimap: { enabled: false },
          scrollBeyondLastLine: false,
          fontSize: 13,
          tabSize: 2,
          theme: mod.themeFor(dark),
          fixedOverflowWidgets: true,
          renderLineHighlight: 'line',
          wordWrap: 'on',
          // Tab moves focus out of the editor, so every control after it is reachable by keyboard;
          // Ctrl+M (listed in the shortcuts help) switches Tab back to indenting.
          tabFocusMode: true,
        });
        editorRef.current = editor;
        disposables.push(
          model.onDidChangeContent(() => {
            const text = model.getValue();
            if (text !== latest.current.value) latest.current.onChange?.(text);
          }),
          monaco.editor.onDidChangeMarkers((uris) => {
            if (uris.some((u) => u.toString() === uri.toString())) {
              // `"n": {{n}}` is JSON once the core fills it in: the errors it causes are not the user's to fix.
              const json = monaco.editor.getModelMarkers({ resource: uri, owner: 'json' });
              const spans = json.map((m) => ({
                marker: m,
                start: model.getOffsetAt({ lineNumber: m.startLineNumber, column: m.startColumn }),
                end: model.getOffsetAt({ lineNumber: m.endLineNumber, column: m.endColumn }),
              }));
              const keep = markersToKeep(model.getValue(), spans);
              // Setting the kept ones fires this again, with nothing left to drop.
              if (keep)
                return monaco.editor.setModelMarkers(
                  model,
                  'json',
                  keep.map((k) => k.marker),
                );
              latest.current.onProblems?.(monaco.editor.getModelMarkers({ resource: uri }).length);
            }
          }),
        );
        editor.addAction({
          id: 'powerduck.send',
          label: 'Send',
          keybindings: [monaco.KeyMod.CtrlCmd | monaco.KeyCode.Enter],
          run: () => latest.current.onSubmit?.(),
        });
        setReady(true);
      })
      .catch((error: unknown) => setFailed((error as Error).message));
    return () => {
      disposed = true;
      for (const d of disposables) d.dispose();
      editorRef.current?.dispose();
      editorRef.current = null;
    };
    // Created once per model; later prop changes are applied by the effects below.
  }, [modelUri]);

  useEffect(() => {
    const editor = editorRef.current;
    const model = editor?.getModel();
    if (!editor || !model || model.getValue() === value) return;
    // One undoable edit instead of setValue(), which would wipe the undo stack.
    model.pushEditOperations([], [{ range: model.getFullModelRange(), text: value }], () => null);
  }, [value, ready]);

  useEffect(() => {
    moduleRef.current?.monaco.editor.setTheme(moduleRef.current.themeFor(dark));
  }, [dark, ready]);

  useEffect(() => {
    editorRef.current?.updateOptions({ readOnly: Boolean(readOnly), ariaLabel: label });
  }, [readOnly, label, ready]);

  useEffect(() => {
    if (!ready || readOnly) return;
    moduleRef.current?.setModelSchema(modelUri, schema?.uri, schema?.schema);
  }, [schema, modelUri, ready, readOnly]);

  if (failed) {
    // Monaco could not load: a plain textarea keeps the draft editable.
    return (
      <textarea
        className="json-fallback"
        aria-label={label}
        value={value}
        readOnly={readOnly}
        spellCheck={false}
        onChange={(e) => onChange?.(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) onSubmit?.();
        }}
      />
    );
  }
  return (
    <div className="json-editor" data-ready={ready}>
      {ready ? null : <p className="muted editor-loading">{t('editor.loading')}</p>}
      <div ref={host} className="json-editor-host" />
    </div>
  );
}
