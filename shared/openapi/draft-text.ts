/**
 * The free-text fields a save request may carry (summary, description) must be text: the contract
 * says so, but a request comes off the wire (CLI, browser host) and a number or an object there
 * must be refused by name, not fail inside the build.
 */
export function draftTextProblem(draft: { summary?: unknown; description?: unknown }): string | undefined {
  for (const name of ['summary', 'description'] as const) {
    const value = draft[name];
    if (value !== undefined && typeof value !== 'string') return `The ${name} must be text (got ${value === null ? 'null' : typeof value}).`;
  }
  return undefined;
}
