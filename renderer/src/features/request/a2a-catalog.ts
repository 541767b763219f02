import type { A2aMethodInfo } from '../../../../shared/a2a/catalogue';
import { findMethod, methodsFor as catalogueMethods } from '../../../../shared/a2a/catalogue';
import type { A2aVersion, Binding } from '../../../../shared/a2a/versions';

/**
 * The UI's window on shared/a2a/catalogue.ts: pickers, "Generate body", streaming vs unary and
 * the Cancel task / Resubscribe helpers all read the protocol tables through here.
 */
export type MethodInfo = A2aMethodInfo;

export function methodsFor(version: A2aVersion, binding: Binding): readonly MethodInfo[] {
  return catalogueMethods(version, binding);
}

export function methodInfo(version: A2aVersion, binding: Binding, method: string): MethodInfo | undefined {
  const info = findMethod(version, method);
  return info && info.bindings.includes(binding) ? info : undefined;
}

export function defaultMethod(version: A2aVersion): string {
  return version === '0.3' ? 'message/send' : 'SendMessage';
}

/** The same operation under the other version's name, when there is one. */
export function equivalentMethod(method: string, to: A2aVersion): string | undefined {
  if (findMethod(to, method)) return method;
  const from: A2aVersion = to === '1.0' ? '0.3' : '1.0';
  const counterpart = findMethod(from, method)?.counterpart;
  return counterpart && findMethod(to, counterpart) ? counterpart : undefined;
}

export function cancelTaskMethod(version: A2aVersion): string {
  return version === '0.3' ? 'tasks/cancel' : 'CancelTask';
}

export function subscribeMethod(version: A2aVersion): string {
  return version === '0.3' ? 'tasks/resubscribe' : 'SubscribeToTask';
}

export function isSendMethod(info: MethodInfo | undefined): boolean {
  return info?.category === 'message';
}

export function bindingLabel(binding: Binding): string {
  switch (binding) {
    case 'JSONRPC':
      return 'JSON-RPC';
    case 'HTTP+JSON':
      return 'HTTP+JSON';
    case 'GRPC':
      return 'gRPC';
  }
}
