/**
 * Strings of the request pane's daily workflow (replayable history, restored tabs, code snippets,
 * response tools, keyboard help), in English and Korean. Kept in their own table so work on other
 * catalogues merges cleanly; the same locale store drives all of them. The Korean table is typed
 * against the English one: a missing key does not compile.
 */
import { useCallback } from 'react';
import { useLocaleStore, type Locale, type Params } from './i18n';

export const paneEn = {
  'notKept.title': 'Body not kept',
  'notKept.text':
    'This history entry kept only a SHA-256 hash of the request body ({bytes}), as the logging policy says. Powerduck does not guess a body: start from a draft you already have, or from an empty body.',
  'notKept.candidate': 'Draft to use',
  'notKept.useDraft': 'Use saved draft',
  'notKept.noDraft': 'No open tab or saved operation has a {method} body to reuse.',
  'notKept.empty': 'Use empty body',
  'notKept.authNotKept': 'The original send used a credential typed once; it was not kept. Choose a stored secret in Auth.',
  'restored.title': 'Last response before the reload',
  'restored.line': '{method} · {status} · {outcome} · {when}',
  'restored.hint': 'The full response is not kept across reloads; send again to see it.',
  'grpc.formHint': 'gRPC: host:port as agent cards publish it (a loopback host is plaintext, any other host TLS), or http:// / https://.',
  'grpc.plain': 'Connects without TLS: {endpoint}',
  'grpc.tls': 'Connects with TLS (system trust): {endpoint}',
  'binding.fromCard': 'Endpoint set to the applied card’s {binding} interface: {endpoint}',
  'binding.cleared': 'Endpoint cleared: {previous} was the {from} address; enter the {binding} endpoint.',
  'binding.keepPrevious': 'Keep previous endpoint',
  'mismatch.envelope': 'Wrong binding: JSON-RPC envelope on {binding}',
  'mismatch.html': 'Wrong binding: HTML page on {binding}',
  'code.button': 'Code',
  'code.title': 'Code for {method}',
  'code.hint': 'This request as curl, fetch, Python or grpcurl (credentials as variables)',
  'copy.button': 'Copy response',
  'copy.done': 'Response copied',
  'copy.failed': 'Could not copy: the clipboard is not available here',
  'find.label': 'Find in response',
  'find.placeholder': 'Find in response',
  'find.region': 'Matches in response',
  'find.count': '{current} of {count}',
  'find.none': 'No match for "{query}"',
  'find.previous': 'Previous match',
  'find.next': 'Next match',
  'view.headers': 'Headers',
  'view.timing': 'Timing',
  'headers.none': 'No response headers.',
  'timing.caption': 'Timing (from the start of the call)',
  'timing.phase': 'Phase',
  'timing.at': 'Done at',
  'timing.dns': 'DNS lookup',
  'timing.tcp': 'TCP connect',
  'timing.tls': 'TLS handshake',
  'timing.connect': 'Connection ready',
  'timing.firstByte': 'First byte',
  'timing.total': 'Total',
  'timing.reused': 'The call reused an open connection: no DNS, connect or TLS time.',
  'timing.note': 'Only phases Powerduck could measure are listed (no DNS for an IP address; gRPC shows the channel as one step).',
  'icon.run': 'Run',
  'icon.open': 'Open',
  'icon.keys': 'Keys',
  'icon.settings': 'Settings',
  'toast.region': 'Notifications',
  'toast.dismiss': 'Dismiss',
} as const;

export type PaneKey = keyof typeof paneEn;

export const paneKo: Record<PaneKey, string> = {
  'notKept.title': '본문이 보관되지 않음',
  'notKept.text':
    '이 기록 항목은 로그 정책에 따라 요청 본문의 SHA-256 해시({bytes})만 보관했습니다. Powerduck은 본문을 추측하지 않습니다. 이미 있는 초안이나 빈 본문에서 시작하세요.',
  'notKept.candidate': '사용할 초안',
  'notKept.useDraft': '저장된 초안 사용',
  'notKept.noDraft': '다시 쓸 {method} 본문이 있는 열린 탭이나 저장된 작업이 없습니다.',
  'notKept.empty': '빈 본문 사용',
  'notKept.authNotKept': '원래 요청은 한 번만 입력한 자격 증명을 썼고, 그 값은 보관되지 않았습니다. 인증 탭에서 저장된 비밀을 고르세요.',
  'restored.title': '새로 고침 전 마지막 응답',
  'restored.line': '{method} · {status} · {outcome} · {when}',
  'restored.hint': '전체 응답은 새로 고침 뒤에 보관되지 않습니다. 다시 보내면 볼 수 있습니다.',
  'grpc.formHint': 'gRPC: 에이전트 카드가 게시하는 host:port 형식(루프백 호스트는 평문, 그 밖의 호스트는 TLS), 또는 http:// / https://.',
  'grpc.plain': 'TLS 없이 연결합니다: {endpoint}',
  'grpc.tls': 'TLS(시스템 신뢰 저장소)로 연결합니다: {endpoint}',
  'binding.fromCard': '엔드포인트를 적용한 카드의 {binding} 인터페이스로 설정했습니다: {endpoint}',
  'binding.cleared': '엔드포인트를 비웠습니다: {previous}은(는) {from} 주소입니다. {binding} 엔드포인트를 입력하세요.',
  'binding.keepPrevious': '이전 엔드포인트 유지',
  'mismatch.envelope': '잘못된 바인딩: {binding}에 JSON-RPC 봉투 응답',
  'mismatch.html': '잘못된 바인딩: {binding}에 HTML 페이지 응답',
  'code.button': '코드',
  'code.title': '{method} 코드',
  'code.hint': '이 요청을 curl, fetch, Python 또는 grpcurl로 보기(자격 증명은 변수로)',
  'copy.button': '응답 복사',
  'copy.done': '응답을 복사했습니다',
  'copy.failed': '복사할 수 없습니다: 여기서는 클립보드를 쓸 수 없습니다',
  'find.label': '응답에서 찾기',
  'find.placeholder': '응답에서 찾기',
  'find.region': '응답에서 찾은 항목',
  'find.count': '{count}개 중 {current}번째',
  'find.none': '"{query}"와(과) 일치하는 항목 없음',
  'find.previous': '이전 항목',
  'find.next': '다음 항목',
  'view.headers': '헤더',
  'view.timing': '시간',
  'headers.none': '응답 헤더가 없습니다.',
  'timing.caption': '시간(호출 시작부터)',
  'timing.phase': '단계',
  'timing.at': '완료 시점',
  'timing.dns': 'DNS 조회',
  'timing.tcp': 'TCP 연결',
  'timing.tls': 'TLS 핸드셰이크',
  'timing.connect': '연결 준비',
  'timing.firstByte': '첫 바이트',
  'timing.total': '전체',
  'timing.reused': '이미 열린 연결을 다시 썼습니다: DNS, 연결, TLS 시간이 없습니다.',
  'timing.note': 'Powerduck이 잴 수 있었던 단계만 표시합니다(IP 주소에는 DNS가 없고, gRPC는 채널을 한 단계로 보입니다).',
  'icon.run': '실행',
  'icon.open': '열기',
  'icon.keys': '단축키',
  'icon.settings': '설정',
  'toast.region': '알림',
  'toast.dismiss': '닫기',
};

const catalogues: Record<Locale, Record<PaneKey, string>> = { en: paneEn, ko: paneKo };

export function translatePane(locale: Locale, key: PaneKey, params?: Params): string {
  const template = catalogues[locale][key] ?? paneEn[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export type TranslatePane = (key: PaneKey, params?: Params) => string;

export function useTP(): TranslatePane {
  const locale = useLocaleStore((s) => s.locale);
  return useCallback((key: PaneKey, params?: Params) => translatePane(locale, key, params), [locale]);
}
