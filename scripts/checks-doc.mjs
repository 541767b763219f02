// Rewrites the generated check tables in docs/checks.md from the catalogue:
//   node --import tsx scripts/checks-doc.mjs
// test/checks/checks-doc.test.ts fails when the document is not current.
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { checkCatalog } from '../shared/checks/check-catalog.ts';
import { withChecksDoc } from '../shared/checks/checks-doc.ts';

const file = fileURLToPath(new URL('../docs/checks.md', import.meta.url));
const before = await readFile(file, 'utf8');
const after = withChecksDoc(before, checkCatalog);
if (after !== before) await writeFile(file, after, 'utf8');
process.stdout.write(after === before ? 'docs/checks.md is current.\n' : 'docs/checks.md updated.\n');
