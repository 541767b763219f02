/**
 * Strings of OAuth 2.0 auth and mutual TLS (issue 21), in English and Korean. Kept apart from the
 * other catalogues (same locale store), typed so a key missing in Korean does not compile.
 */
import { useCallback } from 'react';
import { useLocaleStore, type Locale, type Params } from './i18n';

export const authEn = {
  'oauth.type': 'OAuth 2.0',
  'oauth.flow': 'Grant type',
  'oauth.flow.clientCredentials': 'Client credentials',
  'oauth.flow.authorizationCode': 'Authorization code with PKCE',
  'oauth.flow.deviceCode': 'Device code',
  'oauth.endpointsFrom': 'Endpoints from',
  'oauth.from.oidc': 'OpenID Connect discovery',
  'oauth.from.metadata': 'OAuth server metadata (RFC 8414)',
  'oauth.from.manual': 'Typed in',
  'oauth.discoveryUrl': 'Issuer or discovery URL',
  'oauth.metadataUrl': 'Metadata URL',
  'oauth.tokenUrl': 'Token URL',
  'oauth.authorizationUrl': 'Authorization URL',
  'oauth.deviceUrl': 'Device authorization URL',
  'oauth.clientId': 'Client ID',
  'oauth.clientSecret': 'Client secret',
  'oauth.publicClient': 'Public client (no secret)',
  'oauth.scopes': 'Scopes (space-separated)',
  'oauth.resource': 'Resource (audience, optional)',
  'oauth.fromScheme': 'From the card\u2019s security scheme \u201c{scheme}\u201d',
};

export type AuthKey = keyof typeof authEn;

export const authKo: Record<AuthKey, string> = {
  'oauth.type': 'OAuth 2.0 인증',
  'oauth.flow': '그랜트 유형',
  'oauth.flow.clientCredentials': '클라이언트 자격 증명',
  'oauth.flow.authorizationCode': 'PKCE 인가 코드',
  'oauth.flow.deviceCode': '디바이스 코드',
  'oauth.endpointsFrom': '엔드포인트 출처',
  'oauth.from.oidc': 'OpenID Connect 디스커버리',
  'oauth.from.metadata': 'OAuth 서버 메타데이터 (RFC 8414)',
  'oauth.from.manual': '직접 입력',
  'oauth.discoveryUrl': '발급자 또는 디스커버리 URL',
  'oauth.metadataUrl': '메타데이터 URL',
  'oauth.tokenUrl': '토큰 URL',
  'oauth.authorizationUrl': '인가 URL',
  'oauth.deviceUrl': '디바이스 인가 URL',
  'oauth.clientId': '클라이언트 ID',
  'oauth.clientSecret': '클라이언트 시크릿',
  'oauth.publicClient': '공개 클라이언트 (시크릿 없음)',
  'oauth.scopes': '스코프 (공백으로 구분)',
  'oauth.resource': '리소스 (대상, 선택)',
  'oauth.fromScheme': '카드의 보안 스킴 \u201c{scheme}\u201d에서 가져옴',
};

const catalogues: Record<Locale, Record<AuthKey, string>> = { en: authEn, ko: authKo };

export function translateAuth(locale: Locale, key: AuthKey, params?: Params): string {
  const template = catalogues[locale][key] ?? authEn[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export type TranslateAuth = (key: AuthKey, params?: Params) => string;

export function useTAuth(): TranslateAuth {
  const locale = useLocaleStore((s) => s.locale);
  return useCallback((key: AuthKey, params?: Params) => translateAuth(locale, key, params), [locale]);
}
