#!/usr/bin/env node
// The CLI is TypeScript run through tsx, so a clean `npm ci` is enough to use it (no build step).
import { register } from 'tsx/esm/api';

register();
await import('../electron/cli/bin.ts');
