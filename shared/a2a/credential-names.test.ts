import { describe, expect, it } from 'vitest';
import { isCredentialName, nameWords } from './credential-names';

describe('isCredentialName: the one rule for credential-carrying names', () => {
  it('reads a name as words, whatever its separators and case', () => {
    expect(nameWords('X-Auth-Key')).toEqual(['x', 'auth', 'key']);
    expect(nameWords('apiKey')).toEqual(['api', 'key']);
    expect(nameWords('XApiKey')).toEqual(['x', 'api', 'key']);
    expect(nameWords('APIKey')).toEqual(['api', 'key']);
    expect(nameWords('AWS_SECRET_ACCESS_KEY')).toEqual(['aws', 'secret', 'access', 'key']);
    expect(nameWords(' x.session id ')).toEqual(['x', 'session', 'id']);
  });

  it.each([
    // QA's report
    'X-Api-Key',
    'X-Auth-Key',
    'Authorization',
    'X-Session-Id',
    'X-Amz-Signature',
    // well-known
    'Proxy-Authorization',
    'X-Amz-Security-Token',
    'X-Amz-Credential',
    'X-Goog-Api-Key',
    'X-CSRF-Token',
    'X-XSRF-TOKEN',
    'Cookie',
    'Set-Cookie',
    'x-functions-key',
    'Ocp-Apim-Subscription-Key',
    'PRIVATE-TOKEN',
    'X-Vault-Token',
    'DD-API-KEY',
    'X-Hub-Signature-256',
    'X-A2A-Notification-Token',
    'X-Forwarded-Authorization',
    // query and cookie names
    'token',
    'access_token',
    'id_token',
    'key',
    'api_key',
    'apikey',
    'ApiKey',
    'sig',
    'Signature',
    'password',
    'passwd',
    'pwd',
    'pw',
    'secret',
    'client_secret',
    'auth',
    'oauth_token',
    'session',
    'sessionid',
    'JSESSIONID',
    'PHPSESSID',
    'csrfmiddlewaretoken',
    '_csrf',
    'jwt',
    'credentials',
    // variable names (environments)
    'apiKey',
    'accessKey',
    'dbPassword',
    'userPwd',
    'GITHUB_TOKEN',
    'AWS_SECRET_ACCESS_KEY',
    'passphrase',
    'authToken',
    'subscriptionkey',
  ])('%s carries a credential', (name) => {
    expect(isCredentialName(name)).toBe(true);
    expect(isCredentialName(name.toUpperCase())).toBe(true);
  });

  it.each([
    // ordinary headers
    'Content-Type',
    'Accept',
    'User-Agent',
    'Host',
    'A2A-Version',
    'X-Request-Id',
    'Keep-Alive',
    'ETag',
    // look-alikes, decided harmless (see credential-names.ts for why)
    'Author',
    'X-Author',
    ':authority',
    'authority',
    'X-Idempotency-Key',
    'Idempotency-Key',
    'X-Cache-Key',
    'Sec-WebSocket-Key',
    'X-Public-Key',
    'X-Key-Id',
    'keyword',
    'keys',
    'monkey',
    'hockey',
    'Access-Control-Allow-Credentials',
    'Access-Control-Allow-Headers',
    'WWW-Authenticate',
    'Proxy-Authenticate',
    'Mcp-Session-Id',
    'x-ratelimit-remaining-tokens',
    'max_tokens',
    'maxTokens',
    'tokenUrl',
    'authorizationEndpoint',
    'token_type',
    'auth_type',
    // query and variable names
    'page',
    'q',
    'baseUrl',
    'userName',
    'client_id',
    '',
    '   ',
  ])('%s carries none', (name) => {
    expect(isCredentialName(name)).toBe(false);
  });

  it('judges the same past its memo (a hostile agent inventing names forever)', () => {
    for (let i = 0; i < 1500; i++) {
      expect(isCredentialName(`x-made-up-${i}`)).toBe(false);
      expect(isCredentialName(`x-made-up-${i}-key`)).toBe(true);
    }
    expect(isCredentialName('X-Auth-Key')).toBe(true);
  });
});
