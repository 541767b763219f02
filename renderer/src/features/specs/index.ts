// The specs feature's public surface: what other features may import (lint refuses
// their imports of any other module in this folder).
export { ImportCardButton } from './import-card-dialog';
export { draftSeedFromOperation } from './open-operation';
export { SaveToSpecDialog } from './save-operation-dialog';
export { refreshSpecs, useSpecsStore } from './specs-store';
export { defaultSpecFileName, SaveTargetFields, useSaveTarget } from './save-target-fields';
export { KeptOperationFields, useLinkedOperation, useSummaryField } from './linked-operation';
export { ConflictDialog, type ConflictSave } from './conflict-dialog';
export { baseHashFor, freePath, linkOpenedTab, recordTabWrite } from './spec-save';
export { isChangedOnDisk } from './spec-manage';
