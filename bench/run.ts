// `npm run bench -- <case...>`: runs the named benchmark cases (all when none is named).
// Each case prints ratios against a baseline measured in the same run; these are not timed tests.
interface BenchCase {
  run(): Promise<void>;
}
const known = ['core', 'host', 'spec', 'servergen', 'ui', 'cli'];
const load = (name: string): Promise<BenchCase> => import(`./${name}.ts`) as Promise<BenchCase>;

const requested = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const names = requested.length > 0 ? requested : known;
let failed = false;
for (const name of names) {
  if (!known.includes(name)) {
    console.error(`bench: unknown case '${name}'. Known: ${known.join(', ')}`);
    process.exitCode = 2;
    continue;
  }
  console.log(`\n== bench ${name} ==`);
  try {
    await (await load(name)).run();
  } catch (error) {
    failed = true;
    console.error(`bench ${name} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
if (failed) process.exitCode = 1;
export {};
