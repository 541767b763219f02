import type { OperationName, Result, StreamEvent, StreamName } from '../../../shared/contract/index';
import { isTerminal } from '../../../shared/contract/index';
import { bridgeGlobal, type PowerduckBridge } from '../../../shared/contract/bridge';
import type { AnyHostStreamEvent, Host, StreamHandle } from './host';
import { mintRequestId } from './host';

export type { PowerduckBridge };

export function findBridge(scope: unknown): PowerduckBridge | undefined {
  const bridge = (scope as Record<string, Partial<PowerduckBridge> | undefined> | undefined)?.[bridgeGlobal];
  if (bridge && typeof bridge.invoke === 'function' && typeof bridge.stream === 'function' && typeof bridge.onStreamEvent === 'function') {
    return bridge as PowerduckBridge;
  }
  return undefined;
}

export function createIpcHost(bridge: PowerduckBridge, randomId: () => string = mintRequestId): Host {
  const invokeAny = (op: OperationName, request: unknown): Promise<Result<unknown>> => bridge.invoke(op, request);

  function streamAny(op: StreamName, request: unknown, onEvent: (event: AnyHostStreamEvent) => void): StreamHandle {
    const requestId = randomId();
    let finished = false;
    let resolveDone: () => void = () => undefined;
    const done = new Promise<void>((resolve) => (resolveDone = resolve));
    // Subscribe before starting, so an immediate first (or terminal) event is never missed.
    const unsubscribe = bridge.onStreamEvent(requestId, (raw) => {
      const event = raw as StreamEvent<unknown, unknown>;
      if (finished) return;
      if (isTerminal(event)) {
        finished = true;
        unsubscribe();
      }
      // Structured clone already built the payload: reading it again gives the same object.
      if (event.kind === 'data') {
        const data = event.data;
        onEvent({ ...event, readAgain: () => data });
      } else onEvent(event);
      if (finished) resolveDone();
    });
    bridge.stream(op, requestId, request);
    return {
      requestId,
      done,
      async cancel() {
        if (!finished) await invokeAny('stream.cancel', { requestId });
      },
    };
  }

  return {
    kind: 'ipc',
    invoke: (op, request) => invokeAny(op, request) as never,
    stream: (op, request, onEvent) => streamAny(op, request, onEvent as (event: AnyHostStreamEvent) => void),
  };
}
