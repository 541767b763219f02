import type { AppOps, AppStreams } from '../../../shared/contract/ops-app';
import { CoreError } from '../core-error';
import { stdioAllowed, type CoreEnv } from '../core-env';
import type { Handlers, StreamHandlers } from '../handler-types';

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export function createAppHandlers(env: CoreEnv): Omit<Handlers<AppOps>, 'stream.cancel'> {
  return {
    'app.info': async () => ({
      name: 'Powerduck',
      version: env.version,
      host: env.host,
      dataDir: env.dataDir.root,
      capabilities: {
        grpc: true,
        osSecretStorage: env.secrets.kind === 'os-keychain',
        fileSystem: true,
        stdio: stdioAllowed(env),
      },
    }),
  };
}

export function createAppStreamHandlers(): StreamHandlers<AppStreams> {
  return {
    // Exercises the stream seam end to end: numbered events, a terminal event, and cancellation.
    'debug.echoStream': async (request, emit, { signal }) => {
      // Number() and a template literal run an object's own valueOf/toString: only numbers and text get that far.
      for (const field of ['count', 'intervalMs'] as const) {
        if (request[field] !== undefined && typeof request[field] !== 'number') throw new CoreError('bad-request', `${field} must be a number.`);
      }
      if (request.text !== undefined && typeof request.text !== 'string') throw new CoreError('bad-request', 'text must be text.');
      const count = Math.max(0, Math.min(100_000, Math.floor(Number(request.count) || 0)));
      const interval = Math.max(0, Math.min(10_000, Number(request.intervalMs) || 0));
      for (let index = 0; index < count; index++) {
        if (signal.aborted) return { count: index, cancelled: true };
        emit({ index, text: `${request.text ?? 'echo'} ${index + 1}/${count}` });
        if (interval > 0 && index < count - 1) {
          try {
            await sleep(interval, signal);
          } catch {
            return { count: index + 1, cancelled: true };
          }
        }
      }
      return { count, cancelled: false };
    },
  };
}
