/**
 * JSON Schema (2020-12) definitions of the A2A 1.0 objects in ProtoJSON form, written from the
 * field table of proto/lf/a2a/v1/a2a.proto. `required` lists the fields the proto marks REQUIRED.
 */
import { rolesV1, taskStatesV1 } from './model-v1';
import type { JsonSchema, SchemaFlavour } from './json-schema-builders';
import { arr, bool, enumOf, exactlyOneOf, int32, mapOf, obj, ref, str } from './json-schema-builders';

const struct = (description?: string): JsonSchema => ({ type: 'object', ...(description ? { description } : {}) });
const timestamp = (description?: string): JsonSchema => ({ type: 'string', format: 'date-time', ...(description ? { description } : {}) });

function withOneOf(base: JsonSchema, members: readonly string[]): JsonSchema {
  return { ...base, ...exactlyOneOf(members) };
}

export function v1Defs(flavour: SchemaFlavour): Record<string, JsonSchema> {
  const o = (props: Record<string, JsonSchema>, required: readonly string[] = [], description?: string) => obj(flavour, props, required, description);
  const tenant = str('Tenant from the selected AgentInterface; omit when the interface has none.');
  const scopes = mapOf(str(), 'Scope name → description.');
  return {
    TaskState: enumOf(taskStatesV1, 'Lifecycle state of a task.'),
    Role: enumOf(rolesV1, 'Who sent a message.'),
    Part: withOneOf(
      o(
        {
          text: str('Text content.'),
          raw: str('File content, base64.', { contentEncoding: 'base64' }),
          url: str('URL of the file content.', { format: 'uri' }),
          data: { description: 'Any JSON value.' },
          metadata: struct(),
          filename: str(),
          mediaType: str('Media type of the content, e.g. text/plain.'),
        },
        [],
        'One piece of content: exactly one of text, raw, url or data.',
      ),
      ['text', 'raw', 'url', 'data'],
    ),
    Message: o(
      {
        messageId: str('Unique id minted by the sender.'),
        contextId: str(),
        taskId: str('Set to continue an existing task.'),
        role: ref('Role'),
        parts: { ...arr(ref('Part')), minItems: 1 },
        metadata: struct(),
        extensions: arr(str()),
        referenceTaskIds: arr(str()),
      },
      ['messageId', 'role', 'parts'],
    ),
    TaskStatus: o({ state: ref('TaskState'), message: ref('Message'), timestamp: timestamp() }, ['state']),
    Artifact: o(
      {
        artifactId: str(),
        name: str(),
        description: str(),
        parts: { ...arr(ref('Part')), minItems: 1 },
        metadata: struct(),
        extensions: arr(str()),
      },
      ['artifactId', 'parts'],
    ),
    Task: o(
      {
        id: str(),
        contextId: str(),
        status: ref('TaskStatus'),
        artifacts: arr(ref('Artifact')),
        history: arr(ref('Message')),
        metadata: struct(),
      },
      ['id', 'status'],
    ),
    TaskStatusUpdateEvent: o({ taskId: str(), contextId: str(), status: ref('TaskStatus'), metadata: struct() }, ['taskId', 'contextId', 'status']),
    TaskArtifactUpdateEvent: o(
      {
        taskId: str(),
        contextId: str(),
        artifact: ref('Artifact'),
        append: bool('Append to the artifact with the same id.'),
        lastChunk: bool(),
        metadata: struct(),
      },
      ['taskId', 'contextId', 'artifact'],
    ),
    AuthenticationInfo: o({ scheme: str('HTTP auth scheme, e.g. Bearer.'), credentials: str() }, ['scheme']),
    TaskPushNotificationConfig: o(
      {
        tenant,
        id: str('Config id (assigned by the server when omitted).'),
        taskId: str(),
        url: str('Webhook URL.', { format: 'uri' }),
        token: str(),
        authentication: ref('AuthenticationInfo'),
      },
      ['url'],
    ),
    SendMessageConfiguration: o({
      acceptedOutputModes: arr(str()),
      taskPushNotificationConfig: ref('TaskPushNotificationConfig'),
      historyLength: int32('Most recent messages to return; 0 = none, unset = server default.', { minimum: 0 }),
      returnImmediately: bool('true = return at once; false (default) = wait for a terminal or interrupted state.'),
    }),
    SendMessageRequest: o({ tenant, message: ref('Message'), configuration: ref('SendMessageConfiguration'), metadata: struct() }, ['message']),
    SendMessageResponse: withOneOf(o({ task: ref('Task'), message: ref('Message') }), ['task', 'message']),
    StreamResponse: withOneOf(
      o({ task: ref('Task'), message: ref('Message'), statusUpdate: ref('TaskStatusUpdateEvent'), artifactUpdate: ref('TaskArtifactUpdateEvent') }),
      ['task', 'message', 'statusUpdate', 'artifactUpdate'],
    ),
    GetTaskRequest: o({ tenant, id: str('Task id.'), historyLength: int32(undefined, { minimum: 0 }) }, ['id']),
    ListTasksRequest: o({
      tenant,
      contextId: str(),
      status: ref('TaskState'),
      pageSize: int32('1–100, server default 50.', { minimum: 1, maximum: 100 }),
      pageToken: str(),
      historyLength: int32(undefined, { minimum: 0 }),
      statusTimestampAfter: timestamp(),
      includeArtifacts: bool(),
    }),
    ListTasksResponse: o({ tasks: arr(ref('Task')), nextPageToken: str('Empty on the last page.'), pageSize: int32(), totalSize: int32() }, [
      'tasks',
      'nextPageToken',
      'pageSize',
      'totalSize',
    ]),
    CancelTaskRequest: o({ tenant, id: str('Task id.'), metadata: struct() }, ['id']),
    SubscribeToTaskRequest: o({ tenant, id: str('Task id.') }, ['id']),
    GetTaskPushNotificationConfigRequest: o({ tenant, taskId: str(), id: str('Config id.') }, ['taskId', 'id']),
    DeleteTaskPushNotificationConfigRequest: o({ tenant, taskId: str(), id: str('Config id.') }, ['taskId', 'id']),
    ListTaskPushNotificationConfigsRequest: o({ tenant, taskId: str(), pageSize: int32(), pageToken: str() }, ['taskId']),
    ListTaskPushNotificationConfigsResponse: o({ configs: arr(ref('TaskPushNotificationConfig')), nextPageToken: str() }),
    GetExtendedAgentCardRequest: o({ tenant }),
    Empty: {
      type: 'object',
      description: 'google.protobuf.Empty ({}); JSON-RPC servers may answer null.',
      ...(flavour.strict ? { additionalProperties: false } : {}),
    },
    AgentInterface: o({ url: str(), protocolBinding: str('JSONRPC, GRPC, HTTP+JSON or a URI.'), tenant: str(), protocolVersion: str('e.g. 1.0') }, [
      'url',
      'protocolBinding',
      'protocolVersion',
    ]),
    AgentProvider: o({ url: str(), organization: str() }, ['url', 'organization']),
    AgentExtension: o({ uri: str(), description: str(), required: bool(), params: struct() }),
    AgentCapabilities: o({ streaming: bool(), pushNotifications: bool(), extensions: arr(ref('AgentExtension')), extendedAgentCard: bool() }),
    StringList: o({ list: arr(str()) }),
    SecurityRequirement: o({ schemes: mapOf(ref('StringList')) }),
    APIKeySecurityScheme: o({ description: str(), location: enumOf(['query', 'header', 'cookie']), name: str() }, ['location', 'name']),
    HTTPAuthSecurityScheme: o({ description: str(), scheme: str(), bearerFormat: str() }, ['scheme']),
    OAuth2SecurityScheme: o({ description: str(), flows: ref('OAuthFlows'), oauth2MetadataUrl: str() }, ['flows']),
    OpenIdConnectSecurityScheme: o({ description: str(), openIdConnectUrl: str() }, ['openIdConnectUrl']),
    MutualTlsSecurityScheme: o({ description: str() }),
    SecurityScheme: withOneOf(
      o({
        apiKeySecurityScheme: ref('APIKeySecurityScheme'),
        httpAuthSecurityScheme: ref('HTTPAuthSecurityScheme'),
        oauth2SecurityScheme: ref('OAuth2SecurityScheme'),
        openIdConnectSecurityScheme: ref('OpenIdConnectSecurityScheme'),
        mtlsSecurityScheme: ref('MutualTlsSecurityScheme'),
      }),
      ['apiKeySecurityScheme', 'httpAuthSecurityScheme', 'oauth2SecurityScheme', 'openIdConnectSecurityScheme', 'mtlsSecurityScheme'],
    ),
    OAuthFlows: withOneOf(
      o({
        authorizationCode: o({ authorizationUrl: str(), tokenUrl: str(), refreshUrl: str(), scopes, pkceRequired: bool() }, [
          'authorizationUrl',
          'tokenUrl',
          'scopes',
        ]),
        clientCredentials: o({ tokenUrl: str(), refreshUrl: str(), scopes }, ['tokenUrl', 'scopes']),
        implicit: { ...o({ authorizationUrl: str(), refreshUrl: str(), scopes }), deprecated: true },
        password: { ...o({ tokenUrl: str(), refreshUrl: str(), scopes }), deprecated: true },
        deviceCode: o({ deviceAuthorizationUrl: str(), tokenUrl: str(), refreshUrl: str(), scopes }, ['deviceAuthorizationUrl', 'tokenUrl', 'scopes']),
      }),
      ['authorizationCode', 'clientCredentials', 'implicit', 'password', 'deviceCode'],
    ),
    AgentSkill: o(
      {
        id: str(),
        name: str(),
        description: str(),
        tags: arr(str()),
        examples: arr(str()),
        inputModes: arr(str()),
        outputModes: arr(str()),
        securityRequirements: arr(ref('SecurityRequirement')),
      },
      ['id', 'name', 'description', 'tags'],
    ),
    AgentCardSignature: o({ protected: str('base64url JWS protected header.'), signature: str('base64url signature.'), header: struct() }, [
      'protected',
      'signature',
    ]),
    AgentCard: o(
      {
        name: str(),
        description: str(),
        supportedInterfaces: arr(ref('AgentInterface')),
        provider: ref('AgentProvider'),
        version: str(),
        documentationUrl: str(),
        capabilities: ref('AgentCapabilities'),
        securitySchemes: mapOf(ref('SecurityScheme')),
        securityRequirements: arr(ref('SecurityRequirement')),
        defaultInputModes: arr(str()),
        defaultOutputModes: arr(str()),
        skills: arr(ref('AgentSkill')),
        signatures: arr(ref('AgentCardSignature')),
        iconUrl: str(),
      },
      ['name', 'description', 'supportedInterfaces', 'version', 'capabilities', 'defaultInputModes', 'defaultOutputModes', 'skills'],
    ),
  };
}
