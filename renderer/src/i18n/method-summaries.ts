import type { Locale } from './i18n';

/**
 * Korean one-liners for the method picker. English comes from shared/a2a/catalogue.ts itself
 * (the protocol tables own their wording); a method missing here falls back to it.
 */
const ko: Record<string, string> = {
  SendMessage: '메시지를 보내고 태스크(Task) 또는 메시지(Message)를 받습니다.',
  SendStreamingMessage: '메시지를 보내고 응답을 스트림으로 받습니다.',
  GetTask: '태스크의 현재 상태를 읽습니다.',
  ListTasks: '태스크 목록을 필터링하고 페이지 단위로 가져옵니다.',
  CancelTask: '에이전트에 태스크 취소를 요청합니다.',
  SubscribeToTask: '실행 중인 태스크의 업데이트 스트림에 다시 연결합니다.',
  CreateTaskPushNotificationConfig: '태스크에 웹훅을 등록합니다.',
  GetTaskPushNotificationConfig: '태스크의 웹훅 설정 하나를 읽습니다.',
  ListTaskPushNotificationConfigs: '태스크의 웹훅 설정 목록을 가져옵니다.',
  DeleteTaskPushNotificationConfig: '태스크에서 웹훅 설정을 삭제합니다.',
  GetExtendedAgentCard: '확장 에이전트 카드를 가져옵니다 (자격 증명 필요).',
  'message/send': '메시지를 보내고 태스크(Task) 또는 메시지(Message)를 받습니다.',
  'message/stream': '메시지를 보내고 응답을 스트림으로 받습니다.',
  'tasks/get': '태스크의 현재 상태를 읽습니다.',
  'tasks/cancel': '에이전트에 태스크 취소를 요청합니다.',
  'tasks/resubscribe': '실행 중인 태스크의 업데이트 스트림에 다시 연결합니다.',
  'tasks/pushNotificationConfig/set': '태스크에 웹훅을 등록합니다.',
  'tasks/pushNotificationConfig/get': '태스크의 웹훅 설정을 읽습니다.',
  'tasks/pushNotificationConfig/list': '태스크의 웹훅 설정 목록을 가져옵니다.',
  'tasks/pushNotificationConfig/delete': '태스크에서 웹훅 설정을 삭제합니다.',
  'agent/getAuthenticatedExtendedCard': '인증된 확장 에이전트 카드를 가져옵니다.',
};

export function methodSummary(locale: Locale, method: { name: string; summary: string }): string {
  return (locale === 'ko' ? ko[method.name] : undefined) ?? method.summary;
}
