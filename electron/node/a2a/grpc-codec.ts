import { join } from 'node:path';
import protobuf from 'protobufjs';
import {
  objectToProtoJson,
  protoJsonToObject,
  type ProtoFieldSchema,
  type ProtoMessageSchema,
  type ProtoSchema,
  type ProtoScalar,
} from '../../../shared/a2a/proto-json';

/** The A2A 1.0 gRPC service (proto/lf/a2a/v1/a2a.proto, written by us from the spec's field table). */
export const A2A_GRPC_SERVICE = 'lf.a2a.v1.A2AService';

export const PROTO_FILES = ['lf/a2a/v1/a2a.proto', 'google/rpc/status.proto', 'google/rpc/error_details.proto'];

function loadProtoRoot(dir: string): protobuf.Root {
  const root = new protobuf.Root();
  // google/protobuf/* come bundled with protobufjs; everything else from our proto/ folder.
  root.resolvePath = (_origin, target) => (target.includes('google/protobuf/') ? target : join(dir, target));
  // keepCase: the object form keeps proto field names, so errors can name fields as written in the .proto.
  root.loadSync(PROTO_FILES, { keepCase: true });
  root.resolveAll();
  return root;
}

function jsonNameOf(field: protobuf.Field): string {
  const explicit = (field.options as Record<string, unknown> | undefined)?.['json_name'];
  if (typeof explicit === 'string') return explicit;
  // protoc's ToJsonName: drop '_' and upper-case the next character.
  return field.name.replace(/_+([a-zA-Z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/** Describes the loaded .proto for the pure ProtoJSON converter. */
export function schemaFromRoot(root: protobuf.Root): ProtoSchema {
  const messages = new Map<string, ProtoMessageSchema | undefined>();
  const enums = new Map<string, { fullName: string; values: Record<string, number> } | undefined>();
  return {
    message(fullName) {
      if (messages.has(fullName)) return messages.get(fullName);
      const found = root.lookup(`.${fullName}`);
      let schema: ProtoMessageSchema | undefined;
      if (found instanceof protobuf.Type) {
        const fields: ProtoFieldSchema[] = found.fieldsArray.map((f) => {
          f.resolve();
          const resolved = f.resolvedType;
          const kind: ProtoFieldSchema['kind'] = resolved instanceof protobuf.Type ? 'message' : resolved instanceof protobuf.Enum ? 'enum' : 'scalar';
          const synthetic = Boolean((f.options as Record<string, unknown> | undefined)?.['proto3_optional']);
          const field: ProtoFieldSchema = {
            name: f.name,
            jsonName: jsonNameOf(f),
            protoName: f.name,
            kind,
            type: resolved ? resolved.fullName.replace(/^\./, '') : f.type,
            repeated: f.repeated,
            optional: synthetic,
          };
          if (f instanceof protobuf.MapField) field.mapKey = f.keyType as ProtoScalar;
          if (f.partOf && !synthetic) field.oneof = f.partOf.name;
          return field;
        });
        schema = { fullName, fields };
      }
      messages.set(fullName, schema);
      return schema;
    },
    enumType(fullName) {
      if (enums.has(fullName)) return enums.get(fullName);
      const found = root.lookup(`.${fullName}`);
      const schema = found instanceof protobuf.Enum ? { fullName, values: { ...found.values } } : undefined;
      enums.set(fullName, schema);
      return schema;
    },
  };
}

export interface GrpcMethodInfo {
  name: string;
  /** `/lf.a2a.v1.A2AService/<Rpc>` */
  path: string;
  requestType: string;
  responseType: string;
  serverStreaming: boolean;
}

const TO_OBJECT: protobuf.IConversionOptions = { longs: String, enums: String, bytes: String, defaults: false, arrays: false, objects: false, oneofs: false };

export interface DecodedStatus {
  code: number;
  message: string;
  /** ProtoJSON of each detail, with `@type` (ErrorInfo and BadRequest decoded; others as base64). */
  details: Array<Record<string, unknown>>;
}

const KNOWN_DETAILS = ['google.rpc.ErrorInfo', 'google.rpc.BadRequest'];

/**
 * The A2A protos of one folder, loaded on first use, with what is looked up in them kept (methods,
 * message types, the ProtoJSON schema). Each core owns one (connections.ts), for its proto folder.
 */
export class GrpcCodec {
  readonly protoDir: string;
  #root: protobuf.Root | undefined;
  #schema: ProtoSchema | undefined;
  readonly #methods = new Map<string, GrpcMethodInfo | undefined>();
  readonly #types = new Map<string, protobuf.Type>();

  constructor(protoDir: string) {
    this.protoDir = protoDir;
  }

  get root(): protobuf.Root {
    this.#root ??= loadProtoRoot(this.protoDir);
    return this.#root;
  }

  get schema(): ProtoSchema {
    this.#schema ??= schemaFromRoot(this.root);
    return this.#schema;
  }

  method(name: string): GrpcMethodInfo | undefined {
    if (this.#methods.has(name)) return this.#methods.get(name);
    const service = this.root.lookupService(A2A_GRPC_SERVICE);
    const method = Object.prototype.hasOwnProperty.call(service.methods, name) ? service.methods[name] : undefined;
    let info: GrpcMethodInfo | undefined;
    if (method) {
      method.resolve();
      info = {
        name,
        path: `/${A2A_GRPC_SERVICE}/${name}`,
        requestType: (method.resolvedRequestType as protobuf.Type).fullName.replace(/^\./, ''),
        responseType: (method.resolvedResponseType as protobuf.Type).fullName.replace(/^\./, ''),
        serverStreaming: Boolean(method.responseStream),
      };
    }
    this.#methods.set(name, info);
    return info;
  }

  #type(typeName: string): protobuf.Type {
    let type = this.#types.get(typeName);
    if (!type) {
      type = this.root.lookupType(typeName);
      this.#types.set(typeName, type);
    }
    return type;
  }

  /**
   * ProtoJSON → protobuf bytes (throws ProtoJsonError with a JSON path on a bad draft). The checked
   * object form is already what protobufjs' encoder reads, so no `fromObject` copy is made.
   */
  encode(typeName: string, json: unknown): Uint8Array {
    const type = this.#type(typeName);
    const objectForm = protoJsonToObject(this.schema, typeName, json ?? {});
    return type.encode(objectForm).finish();
  }

  /** protobuf bytes → ProtoJSON (enum names, camelCase, int64 as strings, RFC 3339 timestamps). */
  decode(typeName: string, bytes: Uint8Array): unknown {
    const type = this.#type(typeName);
    // The decoded message is read directly (defaults live on its prototype and are skipped as unset).
    return objectToProtoJson(this.schema, typeName, type.decode(bytes));
  }

  /** Decodes the `grpc-status-details-bin` trailer (google.rpc.Status, A2A §10.6). */
  statusDetails(bytes: Uint8Array): DecodedStatus {
    const statusType = this.#type('google.rpc.Status');
    const status = statusType.toObject(statusType.decode(bytes), { ...TO_OBJECT, bytes: Array }) as {
      code?: number;
      message?: string;
      details?: Array<{ type_url?: string; value?: number[] }>;
    };
    const details = (status.details ?? []).map((any) => {
      const typeUrl = any.type_url ?? '';
      const typeName = typeUrl.slice(typeUrl.lastIndexOf('/') + 1);
      const value = Uint8Array.from(any.value ?? []);
      if (KNOWN_DETAILS.includes(typeName)) {
        try {
          return { '@type': typeUrl, ...(this.decode(typeName, value) as Record<string, unknown>) };
        } catch {
          // fall through: show the bytes
        }
      }
      return { '@type': typeUrl, value: Buffer.from(value).toString('base64') };
    });
    return { code: status.code ?? 0, message: status.message ?? '', details };
  }
}
