// The request feature's public surface: what other features may import (lint refuses
// their imports of any other module in this folder).
export { AuthFields } from './auth-editor';
export { cardInterfaceRefs } from './binding-switch';
export type { CardInterfaceRef } from './binding-switch';
export { cardAuthChoiceLabel, credentialsGiven } from './card-auth-choice';
export { ClientCertFields } from './client-cert-fields';
export { CredentialFields } from './credential-fields';
export { credentialNotKept } from './credential-not-kept';
export { a2aTabTitle, buildCall } from './draft-model';
export { EndpointField } from './endpoint-field';
export { focusNewTabEndpoint } from './endpoint-focus';
export type { A2aDraft } from './draft-model';
export type { SessionTabKind } from './drafts-persistence';
export { selectActiveDraft, useDraftsStore } from './drafts-store';
export { JsonEditor } from './json-editor';
export { useLastResponseStore } from './last-response-store';
export { RequestPane, SendButton, saveShortcut, saveWhenShown, sendShortcut, shownRequestActions } from './request-pane';
export { continueRun, resubscribe } from './run-request';
export { SecretField } from './secret-field';
export { useTabOrderStore } from './tab-order-store';
export { isTabModified, markTabSaved, markTabUnsaved, trackUnsavedChanges, useTabBaselines } from './unsaved-changes';
