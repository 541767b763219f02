import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { bridgeGlobal, type PowerduckBridge } from '../../shared/contract/bridge';
import { isOperationName, isStreamName, type Result } from '../../shared/contract/index';
import { ipcChannels } from '../main/ipc-channels';
import { createAckBatcher } from '../main/stream-credit';

type Listener = (event: unknown) => void;
const listeners = new Map<string, Set<Listener>>();

// Credit for main (see stream-credit.ts): every data event handed to the page is acknowledged, so
// main keeps sending while this thread keeps up and pauses the source when it does not.
const acks = createAckBatcher((requestId, count) => ipcRenderer.send(ipcChannels.ack, requestId, count));

ipcRenderer.on(ipcChannels.event, (_event: IpcRendererEvent, streamEvent: { requestId?: unknown; kind?: unknown }) => {
  // The IpcRendererEvent never reaches the page: only the contract's event object does.
  if (typeof streamEvent?.requestId !== 'string') return;
  const requestId = streamEvent.requestId;
  for (const listener of listeners.get(requestId) ?? []) listener(streamEvent);
  if (streamEvent.kind === 'data') acks.delivered(requestId);
  else acks.ended(requestId);
});

// Closed bridge: exactly the contract's operations and stream subscription, nothing else.
const bridge: PowerduckBridge = {
  invoke(op: unknown, request: unknown): Promise<Result<unknown>> {
    if (!isOperationName(op)) return Promise.resolve({ ok: false, error: { code: 'unknown-operation', message: `Unknown operation ${String(op)}` } });
    return ipcRenderer.invoke(ipcChannels.invoke, op, request) as Promise<Result<unknown>>;
  },
  stream(op: unknown, requestId: string, request: unknown): void {
    if (isStreamName(op) && typeof requestId === 'string') ipcRenderer.send(ipcChannels.stream, op, requestId, request);
  },
  onStreamEvent(requestId: string, listener: Listener): () => void {
    const set = listeners.get(requestId) ?? new Set<Listener>();
    set.add(listener);
    listeners.set(requestId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0) listeners.delete(requestId);
    };
  },
};
contextBridge.exposeInMainWorld(bridgeGlobal, bridge);
