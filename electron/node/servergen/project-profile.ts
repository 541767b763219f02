/** What the generated project says about itself: names, description and skill hints for its card. */
export interface SkillHint {
  id: string;
  name: string;
  description: string;
  tags: string[];
  examples?: string[];
}

export interface ProfileHints {
  name?: string;
  description?: string;
  version?: string;
  skills: SkillHint[];
}

export interface ProjectProfile {
  agentName: string;
  packageName: string;
  description: string;
  version: string;
  skills: SkillHint[];
}

const DEFAULT_DESCRIPTION = 'An A2A agent that forwards each message to an HTTP handler.';
const NAME_LIMIT = 100;

/** One line of printable text: control characters (newlines included) become spaces. */
export function singleLine(text: string, limit: number): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- stripping control characters is the point
      .replace(/[\u0000-\u001f\u007f]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, limit)
  );
}

/** An npm package name (lowercase, URL-safe, no leading dot or underscore) derived from any name. */
export function packageNameFor(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^[-._~]+|[-._~]+$/g, '')
    .slice(0, 100);
  return slug === '' ? 'a2a-agent' : slug;
}

/** A skill id: short, lowercase, kebab-case. */
export function skillIdFor(text: string): string {
  const id = text
    .normalize('NFKD')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64);
  return id === '' ? 'skill' : id;
}

function defaultSkill(agentName: string): SkillHint {
  return {
    id: 'message',
    name: agentName,
    description: 'Answers a message through the configured HTTP handler.',
    tags: ['adapter'],
  };
}

/** Combines the explicit name, hints from a spec and the output folder name into the project profile. */
export function buildProfile(input: { name?: string; folderName: string; hints?: ProfileHints }): ProjectProfile {
  const hints = input.hints ?? { skills: [] };
  const agentName = singleLine(input.name ?? hints.name ?? input.folderName, NAME_LIMIT) || 'A2A agent';
  const description = singleLine(hints.description ?? '', 2000) || DEFAULT_DESCRIPTION;
  const version = singleLine(hints.version ?? '', 40) || '0.1.0';
  return {
    agentName,
    packageName: packageNameFor(agentName),
    description,
    version,
    skills: hints.skills.length > 0 ? hints.skills : [defaultSkill(agentName)],
  };
}
