/**
 * The JSON tree as it first paints (rendered to markup): an empty object or array is one line, `{}` or
 * `[]` beside its key, with nothing to open; a container with children still opens and closes.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { JsonTree } from './json-tree';

const shown = (value: unknown): string => renderToStaticMarkup(<JsonTree value={value} label="Capabilities" />);
const keyed = (name: string, rest: string): string => `<span class="jt-key">${name}</span><span class="jt-punct">: </span>${rest}`;

describe('the JSON tree', () => {
  it('shows an empty object or array as {} or [] on its key’s line, with no toggle and no empty child list', () => {
    const html = shown({ tools: {}, prompts: { listChanged: true }, extensions: [] });
    expect(html).toContain(`<li class="jt-row">${keyed('tools', '<span class="jt-punct">{}</span>')}</li>`);
    expect(html).toContain(`<li class="jt-row">${keyed('extensions', '<span class="jt-punct">[]</span>')}</li>`);
    expect(html).not.toContain('<ul class="jt-children" role="group"></ul>');
    // Only the root and "prompts" have something to open.
    expect(html.match(/aria-expanded/g)).toHaveLength(2);
    expect(html).toContain(keyed('listChanged', '<span class="jt-bool">true</span>'));
  });

  it('an empty root is {} or [] alone', () => {
    expect(shown({})).toBe('<ul class="json-tree" aria-label="Capabilities"><li class="jt-row"><span class="jt-punct">{}</span></li></ul>');
    expect(shown([])).toContain('<span class="jt-punct">[]</span>');
  });
});
