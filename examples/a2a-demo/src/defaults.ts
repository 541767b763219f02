import { fileURLToPath } from 'node:url';

/** The well-known demo token. Local use only: never deploy an agent that accepts it. */
export const DEMO_TOKEN = 'powerduck-local-demo-token-0123456789';

export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 9999;
export const DEFAULT_GRPC_PORT = 9998;
export const DEFAULT_CORS_ORIGINS: readonly string[] = ['http://localhost:3000', 'http://127.0.0.1:3000'];

/** Pause between streamed status events, so a person can watch the stream (and press Stop). */
export const DEFAULT_STEP_DELAY_MS = 150;

/** Upper bound on how many numbers one message may carry. */
export const MAX_NUMBERS = 1000;

/** `<demo>/.runtime`, whatever the current directory is. */
export const DEFAULT_RUNTIME_DIR = fileURLToPath(new URL('../.runtime/', import.meta.url));

export const JWKS_FILE_NAME = 'trusted-jwks.json';

export const RPC_PATH = '/rpc';
export const REST_PATH = '/rest';
// A2A §8.2: the well-known discovery path.
export const CARD_PATH = '/.well-known/agent-card.json';
