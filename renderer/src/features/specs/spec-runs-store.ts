import { create } from 'zustand';
import type { ExchangeRecord } from '../../../../shared/a2a/exchange';
import type { SpecOperationRef, SpecRunRequest } from '../../../../shared/contract/ops-spec';
import { activeEnvironment } from '../environments';
import type { WireError } from '../../../../shared/contract/index';
import type { Delivered, Host } from '../../host';
import type { HttpExchangeRecord } from '../../../../shared/http/http-types';
import { runHttpOperation } from '../http';

export interface SpecRun {
  busy: boolean;
  events: number;
  record?: Delivered<ExchangeRecord>;
  /** A plain HTTP operation's run (shown in its Docs view as an A2A run is). */
  http?: HttpExchangeRecord;
  error?: WireError;
}

interface SpecRunsState {
  runs: Record<string, SpecRun>;
}

export const useSpecRunsStore = create<SpecRunsState>()(() => ({ runs: {} }));

export function runKey(ref: SpecOperationRef): string {
  return `${ref.file}\u0000${ref.httpMethod ?? ''}\u0000${ref.path}`;
}

function put(key: string, run: SpecRun): void {
  useSpecRunsStore.setState((s) => ({ runs: { ...s.runs, [key]: run } }));
}

/** Runs a saved operation in the core (its auth reference is resolved there, never here). */
export async function runSavedOperation(host: Host, opRef: SpecOperationRef, streaming: boolean): Promise<void> {
  const key = runKey(opRef);
  const environment = activeEnvironment();
  const ref: SpecRunRequest = environment ? { ...opRef, environment } : opRef;
  put(key, { busy: true, events: 0 });
  if (!streaming) {
    const result = await host.invoke('spec.run', ref);
    put(key, result.ok ? { busy: false, events: 0, record: result.value } : { busy: false, events: 0, error: result.error });
    return;
  }
  let events = 0;
  const handle = host.stream('spec.runStream', ref, (event) => {
    if (event.kind === 'data') {
      events += 1;
      put(key, { busy: true, events });
    } else if (event.kind === 'end') put(key, { busy: false, events, record: event.value });
    else put(key, { busy: false, events, error: event.error });
  });
  await handle.done;
}

/** Runs a saved plain HTTP operation with its examples; the Docs view shows the answer, as for A2A. */
export async function runSavedHttpOperation(host: Host, opRef: SpecOperationRef & { httpMethod: string }): Promise<void> {
  const key = runKey(opRef);
  put(key, { busy: true, events: 0 });
  const result = await runHttpOperation(host, opRef.file, { path: opRef.path, httpMethod: opRef.httpMethod });
  put(key, result.ok ? { busy: false, events: 0, http: result.record } : { busy: false, events: 0, error: result.error });
}
