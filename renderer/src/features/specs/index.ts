// The specs feature's public surface: what other features may import (lint refuses
// their imports of any other module in this folder).
export { ImportCardButton } from './import-card-dialog';
export { draftSeedFromOperation } from './open-operation';
export { SaveToSpecDialog, defaultSpecFileName } from './save-operation-dialog';
export { refreshSpecs, useSpecsStore } from './specs-store';
export { initialSaveFile, newSpecFile, SaveTargetFields, type SaveTargetFile } from './save-target-fields';
