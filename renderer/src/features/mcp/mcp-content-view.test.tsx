/**
 * A resource's text content as the page shows it (rendered to markup, as the first paint has it):
 * JSON by its mimeType is pretty JSON; text that does not parse is shown as it came with a note saying so,
 * other types as they came.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ContentBlock, ResourceContent } from './mcp-content-view';

const shown = (item: Record<string, unknown>): string => renderToStaticMarkup(<ResourceContent item={item} />);

describe('a resource’s text content', () => {
  it('application/json (and +json) text is shown pretty, with Pretty and Raw', () => {
    const html = shown({ uri: 'mem://items/9', mimeType: 'application/json', text: '{"id":"9","tags":["a"]}' });
    expect(html).toContain('aria-label="Pretty"');
    expect(html).toContain('{\n  &quot;id&quot;: &quot;9&quot;,\n  &quot;tags&quot;: [\n    &quot;a&quot;\n  ]\n}');
    expect(html).toContain('>Raw</button>');
    expect(shown({ uri: 'x', mimeType: 'application/vnd.thing+json; charset=utf-8', text: '[1]' })).toContain('aria-label="Pretty"');
  });

  it('JSON text that does not parse is shown as it came, nothing lost, with the note an HTTP body gets and the parser’s reason', () => {
    const html = shown({ uri: 'x', mimeType: 'application/json', text: '{"id": 9,' });
    expect(html).not.toContain('Pretty');
    expect(html).toContain('{&quot;id&quot;: 9,');
    expect(html).toMatch(/<p class="notice small" role="note">Not valid JSON, although the mimeType says JSON: [^<]*JSON[^<]*\. Shown as it came\.<\/p>/);
    // The same note, embedded in a tool result's resource block.
    const block = renderToStaticMarkup(
      <ContentBlock block={{ type: 'resource', resource: { uri: 'mem://r', mimeType: 'application/ld+json', text: '[1, 2' } }} index={0} />,
    );
    expect(block).toContain('role="note">Not valid JSON, although the mimeType says JSON:');
  });

  it('JSON that parses, and text of another type, get no note', () => {
    expect(shown({ uri: 'x', mimeType: 'application/json', text: '{"id": 9}' })).not.toContain('role="note"');
    expect(shown({ uri: 'x', mimeType: 'text/plain', text: '{"id": 9,' })).not.toContain('role="note"');
  });

  it('other text stays text, even when it looks like JSON', () => {
    const html = shown({ uri: 'x', mimeType: 'text/plain', text: '{"a":1}' });
    expect(html).not.toContain('Pretty');
    expect(html).toContain('<pre class="code-block">{&quot;a&quot;:1}</pre>');
  });
});
