/** The spec feature uses the store's file-system seam (kept under this name for its callers). */
export type { StoreFs as SpecFs, StoreFileHandle as SpecFileHandle, StoreStat as SpecStat, StoreDirEntry as SpecDirEntry } from '../store/store-fs';
export { nodeStoreFs as nodeSpecFs, errnoCode } from '../store/store-fs';
