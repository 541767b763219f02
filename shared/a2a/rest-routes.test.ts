import { describe, expect, it } from 'vitest';
import { methodsV1 } from './catalogue';
import { buildRestRequest, joinRestUrl, restRouteFor, restRoutesV1 } from './rest-routes';

function built(method: string, body: unknown, tenant?: string) {
  const r = buildRestRequest(method, body, tenant ? { tenant } : {});
  if (!r.ok) throw new Error(r.message);
  return r.request;
}

describe('REST route table', () => {
  it('has one route per 1.0 method', () => {
    expect(restRoutesV1.map((r) => r.method).sort()).toEqual(methodsV1.map((m) => m.name).sort());
  });

  it('builds POST bodies without path-bound fields', () => {
    const r = built('CreateTaskPushNotificationConfig', { taskId: 't/1', url: 'https://h/x', token: 'k' });
    expect(r.httpMethod).toBe('POST');
    expect(r.path).toBe('/tasks/t%2F1/pushNotificationConfigs');
    expect(r.body).toEqual({ url: 'https://h/x', token: 'k' });
    expect(built('SendMessage', { message: { messageId: 'm' } })).toMatchObject({ path: '/message:send', body: { message: { messageId: 'm' } } });
    expect(built('CancelTask', { id: 'abc', metadata: { why: 'x' } })).toMatchObject({ path: '/tasks/abc:cancel', body: { metadata: { why: 'x' } } });
  });

  it('puts the remaining GET fields in the query string: camelCase, enums by name, booleans, timestamps', () => {
    const r = built('ListTasks', {
      contextId: 'c 1',
      status: 'TASK_STATE_WORKING',
      pageSize: 10,
      pageToken: 'p&q',
      includeArtifacts: true,
      statusTimestampAfter: '2025-01-01T00:00:00Z',
    });
    expect(r.httpMethod).toBe('GET');
    expect(r.body).toBeUndefined();
    expect(r.query).toEqual([
      ['contextId', 'c 1'],
      ['status', 'TASK_STATE_WORKING'],
      ['pageSize', '10'],
      ['pageToken', 'p&q'],
      ['includeArtifacts', 'true'],
      ['statusTimestampAfter', '2025-01-01T00:00:00Z'],
    ]);
    expect(joinRestUrl('http://h:1/rest/', r.path, r.query)).toBe(
      'http://h:1/rest/tasks?contextId=c%201&status=TASK_STATE_WORKING&pageSize=10&pageToken=p%26q&includeArtifacts=true&statusTimestampAfter=2025-01-01T00%3A00%3A00Z',
    );
    expect(built('GetTask', { id: 'x', historyLength: 0 }).query).toEqual([['historyLength', '0']]);
  });

  it('prefixes the tenant (call tenant wins over body tenant) and never puts it in the body', () => {
    expect(built('SendMessage', { tenant: 'acme', message: {} }).path).toBe('/acme/message:send');
    expect(built('SendMessage', { tenant: 'acme', message: {} }).body).toEqual({ message: {} });
    const r = built('GetTask', { id: '1', tenant: 'a' }, 'b/c');
    expect(r.path).toBe('/b%2Fc/tasks/1');
    expect(r.warnings.join()).toMatch(/replaced/);
  });

  it('retries SubscribeToTask with GET on 405 and DeleteTaskPushNotificationConfig is a DELETE', () => {
    expect(restRouteFor('SubscribeToTask')).toMatchObject({ httpMethod: 'POST', fallbackOn405: 'GET', streaming: true });
    expect(built('DeleteTaskPushNotificationConfig', { taskId: 't', id: 'c' })).toMatchObject({
      httpMethod: 'DELETE',
      path: '/tasks/t/pushNotificationConfigs/c',
    });
  });

  it('accepts snake_case path fields and says what is missing', () => {
    expect(built('GetTaskPushNotificationConfig', { task_id: 't', id: 'c' }).path).toBe('/tasks/t/pushNotificationConfigs/c');
    const missing = buildRestRequest('GetTask', {});
    expect(missing.ok).toBe(false);
    expect(!missing.ok && missing.message).toMatch(/needs "id"/);
    const nested = buildRestRequest('ListTasks', { contextId: { a: 1 } });
    expect(!nested.ok && nested.message).toMatch(/nested objects/);
    expect(buildRestRequest('message/send', {}).ok).toBe(false);
    expect(buildRestRequest('SendMessage', [1]).ok).toBe(false);
  });

  it('keeps an existing query on the endpoint', () => {
    expect(joinRestUrl('http://h/a2a?x=1', '/tasks', [['pageSize', '2']])).toBe('http://h/a2a/tasks?pageSize=2&x=1');
  });
});
