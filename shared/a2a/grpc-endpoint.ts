/**
 * Agent cards publish a gRPC interface as a bare `host:port` (a2a.proto AgentInterface.url), which
 * does not say whether the channel uses TLS. Powerduck takes it as a person would: a loopback host is
 * a local agent without TLS (`http://`), any other host gets TLS with the system trust (`https://`).
 * `grpc://` and `grpcs://` say it explicitly. The result always says which form was used.
 */
import { isLoopbackHost } from '../http/host-names';

export interface GrpcEndpointForm {
  /** `http://host:port` or `https://host:port`: the form the core connects with. */
  endpoint: string;
  secure: boolean;
  /** Set when the input was not already http(s)://: what it was taken as, and why. */
  assumed?: string;
}

const bareForm = /^(grpcs?:\/\/)?(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})\/?$/;

/** Undefined when the text is neither `host:port`, `grpc(s)://host:port` nor http(s):// (then the caller reports it). */
export function normaliseGrpcEndpoint(text: string): GrpcEndpointForm | undefined {
  const input = text.trim();
  if (/^https?:\/\//i.test(input)) return { endpoint: input, secure: /^https:/i.test(input) };
  const match = bareForm.exec(input);
  if (!match) return undefined;
  const scheme = match[1]?.toLowerCase();
  const host = match[2] as string;
  const port = Number(match[3]);
  if (port < 1 || port > 65535) return undefined;
  const loopback = isLoopbackHost(host);
  const secure = scheme === 'grpcs://' || (scheme !== 'grpc://' && !loopback);
  const endpoint = `${secure ? 'https' : 'http'}://${host}:${port}`;
  const why = scheme ? `${scheme} says so` : loopback ? 'a loopback host: plaintext' : 'not a loopback host: TLS with the system trust store';
  return { endpoint, secure, assumed: `gRPC endpoint ${input} was taken as ${endpoint} (${why}).` };
}
