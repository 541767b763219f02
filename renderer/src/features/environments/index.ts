// The environments feature's public surface: what other features may import (lint refuses
// their imports of any other module in this folder).
export { activeEnvironment, plainVariableValues, previewLookup, refreshEnvironments, useEnvironmentsStore } from './environments-store';
export { deleteSecret, refreshSecrets, storeSecret, suggestSecretName, useSecretsStore, watchSecrets } from './secrets-store';
