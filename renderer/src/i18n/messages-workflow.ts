/**
 * Strings of the workflow features (import, environments), in English and Korean. Same locale
 * store as the other catalogues; the Korean table is typed against the English one.
 */
import { useCallback } from 'react';
import { useLocaleStore, type Locale, type Params } from './i18n';

export const workflowEn = {
  'env.picker': 'Environment',
  'env.none': 'No environment',
  'env.manage': 'Environments',
  'env.title': 'Environments',
  'env.intro': 'Variables are used as {{name}} in endpoints, headers, auth, bodies and card URLs. Plain values are kept in {file} in the workspace; a variable backed by a secret keeps only the secret’s name there.',
  'env.list': 'Environments',
  'env.variables': 'Variables of {name}',
  'env.varName': 'Name of variable {n} in {env}',
  'env.varKind': 'Kind of variable {n} in {env}',
  'env.varValue': 'Value of variable {n} in {env}',
  'env.varSecret': 'Secret of variable {n} in {env}',
  'env.kindValue': 'Value',
  'env.kindSecret': 'Secret',
  'env.pickSecret': '(pick a secret)',
  'env.missingSecret': '{name} (not stored)',
  'env.removeVar': 'Remove variable {n} from {env}',
  'env.addVar': 'Add variable to {env}',
  'env.deleteEnv': 'Delete environment {env}',
  'env.newName': 'New environment name',
  'env.add': 'Add environment',
  'env.save': 'Save environments',
  'env.saved': 'Saved {file}.',
  'env.unsaved': 'Unsaved changes.',
  'env.empty': 'No environments yet. Add one below.',
  'env.problem': 'The environments file cannot be read: {message}. Fix it in an editor; Powerduck will not overwrite it.',
  'env.secrets': 'Secrets',
  'env.secretsIntro': 'Secret values go to the secret store ({storage}) and are never shown again. One place to add or replace a token.',
  'env.secretList': 'Stored secrets',
  'env.noSecrets': 'No secrets stored yet.',
  'env.deleteSecret': 'Delete secret {name}',
  'env.secretName': 'Secret name',
  'env.secretValue': 'Secret value',
  'env.storeSecret': 'Store secret',
  'env.secretStored': 'Stored secret {name}.',
  'env.secretDeleted': 'Deleted secret {name}.',
  'import.button': 'Import…',
  'import.title': 'Import',
  'import.source': 'Path or URL',
  'import.sourceHint': 'An OpenAPI 3.0/3.1/3.2 file or URL, a Postman collection (v2.1) file, or a pasted curl command.',
  'import.go': 'Import',
  'import.reading': 'Reading…',
  'import.plan': '{kind} “{title}”: {count} operations ({a2a} A2A).',
  'import.kind.openapi': 'OpenAPI {version}',
  'import.kind.postman': 'Postman collection',
  'import.kind.curl': 'curl command',
  'import.where': 'Where should it live?',
  'import.copy': 'Copy into the workspace as {file}',
  'import.inPlace': 'Open in place ({file})',
  'import.credentials': 'Credentials found: they become named secrets; the file only references them.',
  'import.secretFor': 'Secret name for the {what} of {request}',
  'import.storeSecret': 'Store the {what} of {request} as a secret',
  'import.environments': 'Environments that come with it: {names}.',
  'import.variables': 'Variables used: {names}. Define them on the Environments screen.',
  'import.done': 'Imported {count} operations into {file}.',
  'import.secretsStored': 'Stored secrets: {names}.',
  'import.envAdded': 'Environments added or extended: {names}.',
  'import.operations': 'Operations',
} as const;

export type WorkflowKey = keyof typeof workflowEn;

export const workflowKo: Record<WorkflowKey, string> = {
  'env.picker': '환경',
  'env.none': '환경 없음',
  'env.manage': '환경 관리',
  'env.title': '환경',
  'env.intro': '변수는 엔드포인트, 헤더, 인증, 본문, 카드 URL에서 {{name}} 형태로 씁니다. 일반 값은 작업 공간의 {file}에 저장되고, 시크릿을 쓰는 변수는 시크릿 이름만 저장됩니다.',
  'env.list': '환경 목록',
  'env.variables': '{name}의 변수',
  'env.varName': '{env}의 변수 {n} 이름',
  'env.varKind': '{env}의 변수 {n} 종류',
  'env.varValue': '{env}의 변수 {n} 값',
  'env.varSecret': '{env}의 변수 {n} 시크릿',
  'env.kindValue': '값',
  'env.kindSecret': '시크릿',
  'env.pickSecret': '(시크릿 선택)',
  'env.missingSecret': '{name} (저장되지 않음)',
  'env.removeVar': '{env}에서 변수 {n} 삭제',
  'env.addVar': '{env}에 변수 추가',
  'env.deleteEnv': '환경 {env} 삭제',
  'env.newName': '새 환경 이름',
  'env.add': '환경 추가',
  'env.save': '환경 저장',
  'env.saved': '{file}에 저장했습니다.',
  'env.unsaved': '저장하지 않은 변경 사항이 있습니다.',
  'env.empty': '아직 환경이 없습니다. 아래에서 추가하세요.',
  'env.problem': '환경 파일을 읽을 수 없습니다: {message}. 편집기에서 고치세요. Powerduck은 이 파일을 덮어쓰지 않습니다.',
  'env.secrets': '시크릿',
  'env.secretsIntro': '시크릿 값은 시크릿 저장소({storage})에 저장되며 다시 표시되지 않습니다. 토큰을 추가하거나 바꾸는 곳은 여기 한 곳입니다.',
  'env.secretList': '저장된 시크릿',
  'env.noSecrets': '저장된 시크릿이 없습니다.',
  'env.deleteSecret': '시크릿 {name} 삭제',
  'env.secretName': '시크릿 이름',
  'env.secretValue': '시크릿 값',
  'env.storeSecret': '시크릿 저장',
  'env.secretStored': '시크릿 {name}을(를) 저장했습니다.',
  'env.secretDeleted': '시크릿 {name}을(를) 삭제했습니다.',
  'import.button': '가져오기…',
  'import.title': '가져오기',
  'import.source': '경로 또는 URL',
  'import.sourceHint': 'OpenAPI 3.0/3.1/3.2 파일이나 URL, Postman 컬렉션(v2.1) 파일, 또는 붙여 넣은 curl 명령.',
  'import.go': '가져오기',
  'import.reading': '읽는 중…',
  'import.plan': '{kind} “{title}”: 작업 {count}개 (A2A {a2a}개).',
  'import.kind.openapi': 'OpenAPI {version}',
  'import.kind.postman': 'Postman 컬렉션',
  'import.kind.curl': 'curl 명령',
  'import.where': '어디에 둘까요?',
  'import.copy': '작업 공간에 {file}(으)로 복사',
  'import.inPlace': '제자리에서 열기 ({file})',
  'import.credentials': '자격 증명이 있습니다: 이름 있는 시크릿이 되고 파일에는 참조만 남습니다.',
  'import.secretFor': '{request}의 {what} 시크릿 이름',
  'import.storeSecret': '{request}의 {what}을(를) 시크릿으로 저장',
  'import.environments': '함께 가져오는 환경: {names}.',
  'import.variables': '사용하는 변수: {names}. 환경 화면에서 정의하세요.',
  'import.done': '작업 {count}개를 {file}에 가져왔습니다.',
  'import.secretsStored': '저장한 시크릿: {names}.',
  'import.envAdded': '추가하거나 확장한 환경: {names}.',
  'import.operations': '작업',
};

const catalogues: Record<Locale, Record<WorkflowKey, string>> = { en: workflowEn, ko: workflowKo };

export function translateWorkflow(locale: Locale, key: WorkflowKey, params?: Params): string {
  const template = catalogues[locale][key] ?? workflowEn[key];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export type TranslateWorkflow = (key: WorkflowKey, params?: Params) => string;

export function useTw(): TranslateWorkflow {
  const locale = useLocaleStore((s) => s.locale);
  return useCallback((key: WorkflowKey, params?: Params) => translateWorkflow(locale, key, params), [locale]);
}
