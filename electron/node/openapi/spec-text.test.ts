import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import type { SpecEdit } from '../../../shared/openapi/spec-edits';
import { NotEditable } from '../../../shared/openapi/spec-edits';
import { changedLines } from '../../../test/fixtures/text-lines';
import { editSpecText, parseSpecText } from './spec-text';

function edit(text: string, edits: SpecEdit[], format: 'yaml' | 'json' = 'yaml'): string {
  return editSpecText(text, parseSpecText(text, format), edits).text;
}

const yamlDoc = `openapi: 3.2.0
info: {title: T, version: "1"}
paths:
  /a:
    post:
      summary: A   # keep me
      x-a2a:
        endpoint: 'http://old'
        method: SendMessage
      responses: {"200": {description: ok}}
  /b:
    get:
      summary: B
x-end: true
`;

describe('YAML editing', () => {
  it('changes only the value that changed, keeping its quoting and comment', () => {
    const out = edit(yamlDoc, [
      { kind: 'setOperationFields', path: '/a', verb: 'post', fields: [['x-a2a', { endpoint: 'http://new', method: 'SendMessage' }]] },
    ]);
    expect(changedLines(yamlDoc, out)).toMatchObject({ removed: ["        endpoint: 'http://old'"], added: ["        endpoint: 'http://new'"] });
  });

  it('appends new keys at the end of the operation and new paths at the end of paths', () => {
    const out = edit(yamlDoc, [
      { kind: 'setOperationFields', path: '/a', verb: 'post', fields: [['x-protocol', 'a2a']] },
      { kind: 'setOperationFields', path: '/c', verb: 'post', fields: [['summary', 'C']] },
    ]);
    expect(out).toContain('      responses: {"200": {description: ok}}\n      x-protocol: a2a\n');
    expect(out).toContain('      summary: B\n  /c:\n    post:\n      summary: C\nx-end: true\n');
  });

  it('turns paths: {} into a block and back', () => {
    const empty = 'openapi: 3.2.0\ninfo:\n  title: T\n  version: "1"\npaths: {}   # none yet\n';
    const added = edit(empty, [{ kind: 'setOperationFields', path: '/x', verb: 'post', fields: [['summary', 'X']] }]);
    expect(added).toBe('openapi: 3.2.0\ninfo:\n  title: T\n  version: "1"\npaths:\n  /x:\n    post:\n      summary: X\n');
    const removed = edit(added, [{ kind: 'deleteOperation', path: '/x', verb: 'post' }]);
    expect(removed).toBe('openapi: 3.2.0\ninfo:\n  title: T\n  version: "1"\npaths: {}\n');
  });

  it('deletes an operation with the comments directly above it, and only that', () => {
    const text =
      'openapi: 3.2.0\ninfo: {title: T, version: "1"}\npaths:\n  /a:\n    get: {summary: G}\n    # about post\n    post:\n      summary: P\n  /b:\n    get: {}\n';
    const out = edit(text, [{ kind: 'deleteOperation', path: '/a', verb: 'post' }]);
    expect(out).toBe('openapi: 3.2.0\ninfo: {title: T, version: "1"}\npaths:\n  /a:\n    get: {summary: G}\n  /b:\n    get: {}\n');
  });

  it('renames a path in place when it holds only that operation, and moves it otherwise', () => {
    const inPlace = edit(yamlDoc, [{ kind: 'renameOperation', path: '/a', verb: 'post', newPath: '/agents/z' }]);
    expect(changedLines(yamlDoc, inPlace)).toMatchObject({ removed: ['  /a:'], added: ['  /agents/z:'] });
    const two = yamlDoc.replace('  /b:\n    get:', '  /b:\n    post:\n      summary: P\n    get:');
    const moved = edit(two, [{ kind: 'renameOperation', path: '/b', verb: 'post', newPath: '/c' }]);
    expect(YAML.parse(moved).paths).toMatchObject({ '/b': { get: { summary: 'B' } }, '/c': { post: { summary: 'P' } } });
    expect(moved.startsWith(yamlDoc.slice(0, yamlDoc.indexOf('  /b:')))).toBe(true);
  });

  it('keeps CRLF line endings and a missing final newline', () => {
    const crlf = yamlDoc.replace(/\n/g, '\r\n').replace(/\r\n$/, '');
    const out = edit(crlf, [
      {
        kind: 'setOperationFields',
        path: '/b',
        verb: 'get',
        fields: [
          ['summary', 'B2'],
          ['description', 'two\nlines'],
        ],
      },
    ]);
    expect(out.replace(/\r\n/g, '')).not.toContain('\n');
    expect(out.endsWith('x-end: true')).toBe(true);
    expect(YAML.parse(out).paths['/b'].get).toEqual({ summary: 'B2', description: 'two\nlines' });
  });

  it('refuses, rather than corrupts, when an edit would break an anchor used elsewhere', () => {
    const text =
      'openapi: 3.2.0\ninfo: {title: T, version: "1"}\npaths:\n  /a:\n    post:\n      x-a2a: &shared\n        endpoint: e\n  /b:\n    post:\n      x-a2a: *shared\n';
    expect(() => edit(text, [{ kind: 'setOperationFields', path: '/a', verb: 'post', fields: [['x-a2a', { endpoint: 'f' }]] }])).toThrow(NotEditable);
  });

  it('refuses flow-style containers it cannot edit line by line', () => {
    const text = 'openapi: 3.2.0\ninfo: {title: T, version: "1"}\npaths: {/a: {post: {summary: A}}}\n';
    expect(() => edit(text, [{ kind: 'setOperationFields', path: '/a', verb: 'post', fields: [['summary', 'B']] }])).toThrow(NotEditable);
  });

  it('adds schemas under components without touching existing ones', () => {
    const text = 'openapi: 3.2.0\ninfo: {title: T, version: "1"}\ncomponents:\n  schemas:\n    Old: {type: string}   # mine\npaths: {}\n';
    const out = edit(text, [{ kind: 'addSchemas', schemas: [['New', { type: 'object' }]] }]);
    expect(changedLines(text, out)).toMatchObject({ removed: [], added: ['    New:', '      type: object'] });
  });
});

const jsonDoc = `{
    "openapi": "3.2.0",
    "info": { "title": "T", "version": "1" },
    "paths": {
        "/a": {
            "post": {
                "summary": "A",
                "x-a2a": { "endpoint": "http://old", "method": "SendMessage" }
            }
        },
        "/b": {
            "get": {
                "summary": "B"
            }
        }
    }
}
`;

describe('JSON editing', () => {
  it('keeps the file indentation and touches only changed members', () => {
    const out = edit(
      jsonDoc,
      [
        {
          kind: 'setOperationFields',
          path: '/b',
          verb: 'get',
          fields: [
            ['summary', 'B2'],
            ['x-protocol', 'a2a'],
          ],
        },
      ],
      'json',
    );
    expect(changedLines(jsonDoc, out)).toMatchObject({
      removed: ['                "summary": "B"'],
      added: ['                "summary": "B2",', '                "x-protocol": "a2a"'],
    });
  });

  it('adds paths and operations, deletes and renames', () => {
    let out = edit(jsonDoc, [{ kind: 'setOperationFields', path: '/c', verb: 'post', fields: [['summary', 'C']] }], 'json');
    expect(out).toContain('        "/c": {\n            "post": {\n                "summary": "C"\n            }\n        }\n    }\n}');
    out = edit(out, [{ kind: 'deleteOperation', path: '/a', verb: 'post' }], 'json');
    out = edit(out, [{ kind: 'renameOperation', path: '/b', verb: 'get', newPath: '/bee' }], 'json');
    expect(Object.keys(JSON.parse(out).paths)).toEqual(['/bee', '/c']);
    expect(out).toContain('    "info": { "title": "T", "version": "1" },');
  });

  it('works on tab-indented and minified files', () => {
    const tabs = JSON.stringify(JSON.parse(jsonDoc), null, '\t');
    const outTabs = edit(tabs, [{ kind: 'setOperationFields', path: '/c', verb: 'post', fields: [['summary', 'C']] }], 'json');
    expect(outTabs).toContain('\t\t"/c": {\n\t\t\t"post": {\n\t\t\t\t"summary": "C"\n\t\t\t}\n\t\t}');
    const mini = JSON.stringify(JSON.parse(jsonDoc));
    const outMini = edit(mini, [{ kind: 'setOperationFields', path: '/c', verb: 'post', fields: [['summary', 'C']] }], 'json');
    expect(outMini).not.toContain('\n');
    expect(JSON.parse(outMini).paths['/c']).toEqual({ post: { summary: 'C' } });
  });

  it('empties paths to {} when its last operation goes', () => {
    const one = '{"openapi":"3.2.0","info":{"title":"T","version":"1"},"paths":{"/a":{"post":{}}}}';
    expect(edit(one, [{ kind: 'deleteOperation', path: '/a', verb: 'post' }], 'json')).toBe(
      '{"openapi":"3.2.0","info":{"title":"T","version":"1"},"paths":{}}',
    );
  });
});

describe('parseSpecText', () => {
  it('reports where a file stops parsing', () => {
    const yamlError = parseSpecText('openapi: 3.2.0\ninfo:\n  title: "unterminated\n', 'yaml');
    expect(yamlError.error?.line).toBeGreaterThan(0);
    const jsonError = parseSpecText('{"openapi": "3.2.0", "paths": {', 'json');
    expect(jsonError.error).toBeDefined();
    expect(parseSpecText('{"openapi": "3.2.0"}', 'yaml')).toMatchObject({ syntax: 'json', model: { openapi: '3.2.0' } });
  });
});
