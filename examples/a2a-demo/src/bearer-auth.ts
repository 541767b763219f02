import { createHash, timingSafeEqual } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import type { RequestHandler } from 'express';
import type { User } from '@a2a-js/sdk/server';

/**
 * Every A2A call needs `Authorization: Bearer <token>`; the SDK only labels users, it never refuses
 * a call, so the check sits in front of its handlers. A spec-minded refusal (A2A §3.3.2, §13.3) is
 * HTTP 401 with `WWW-Authenticate`, or gRPC UNAUTHENTICATED.
 */

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;
const CHALLENGE = 'Bearer realm="a2a-demo"';

export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const presented = authorization ? BEARER.exec(authorization)?.[1] : undefined;
  if (presented === undefined) return false;
  // Compare digests so the comparison takes the same time whatever the length.
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(presented), digest(token));
}

/** Every caller that got past the token check is the same user, so all transports share tasks. */
export const DEMO_USER: User = { isAuthenticated: true, userName: 'demo' };
export const demoUserBuilder = async (): Promise<User> => DEMO_USER;

function refusal(authorization: string | undefined): string {
  return authorization ? 'The bearer token is not valid for this agent.' : 'Missing credentials: send "Authorization: Bearer <token>".';
}

/** Express guard for the JSON-RPC endpoint: 401 with a JSON-RPC error body (id unknown → null). */
export function jsonRpcBearerGuard(token: string): RequestHandler {
  return (req, res, next) => {
    const authorization = req.header('authorization');
    if (bearerMatches(authorization, token)) return next();
    res
      .status(401)
      .set('WWW-Authenticate', CHALLENGE)
      .json({
        jsonrpc: '2.0',
        id: null,
        // -32000 is the generic JSON-RPC "server error"; A2A defines no code for authentication.
        error: { code: -32000, message: refusal(authorization) },
      });
  };
}

/** Express guard for the HTTP+JSON endpoint: 401 with a google.rpc.Status body (A2A §11.6 shape). */
export function restBearerGuard(token: string): RequestHandler {
  return (req, res, next) => {
    const authorization = req.header('authorization');
    if (bearerMatches(authorization, token)) return next();
    res
      .status(401)
      .set('WWW-Authenticate', CHALLENGE)
      .json({
        error: { code: 401, status: 'UNAUTHENTICATED', message: refusal(authorization) },
      });
  };
}

type AnyCall = grpc.ServerUnaryCall<unknown, unknown> | grpc.ServerWritableStream<unknown, unknown>;
type AnyHandler = (call: AnyCall, callback?: grpc.sendUnaryData<unknown>) => void;

/** Wraps every method of a gRPC service implementation with the token check. */
export function withGrpcBearer<T extends grpc.UntypedServiceImplementation>(service: T, token: string): T {
  const guarded: grpc.UntypedServiceImplementation = {};
  for (const [name, handler] of Object.entries(service)) {
    const original = handler as AnyHandler;
    const wrapped: AnyHandler = (call, callback) => {
      const value = call.metadata.get('authorization')[0];
      const authorization = typeof value === 'string' ? value : value?.toString('utf8');
      if (bearerMatches(authorization, token)) return original(call, callback);
      const error: Partial<grpc.StatusObject> = {
        code: grpc.status.UNAUTHENTICATED,
        details: refusal(authorization),
      };
      if (callback) callback(error, null);
      // grpc-js turns an 'error' event on a server stream into the call's final status.
      else call.emit('error', Object.assign(new Error(error.details), error));
    };
    guarded[name] = wrapped as grpc.UntypedHandleCall;
  }
  return guarded as T;
}
