import { describe, expect, it } from 'vitest';
import { createHttpDraft, httpTabTitle } from './http-draft';

describe('HTTP tab title', () => {
  it('names the method, host and path of a plain URL', () => {
    expect(httpTabTitle(createHttpDraft('t', { method: 'GET', url: 'https://Api.Example/pets' }))).toBe('GET · api.example/pets');
    expect(httpTabTitle(createHttpDraft('t', { method: 'POST', url: 'http://localhost:8080/' }))).toBe('POST · localhost:8080');
  });

  it('shows a URL holding {{variables}} as typed, not lowercased by a URL parser', () => {
    expect(httpTabTitle(createHttpDraft('t', { method: 'GET', url: '{{baseUrl}}/pets' }))).toBe('GET · {{baseUrl}}/pets');
    expect(httpTabTitle(createHttpDraft('t', { method: 'GET', url: 'https://{{apiHost}}/pets' }))).toBe('GET · https://{{apiHost}}/pets');
  });

  it('falls back to the method alone when there is no URL yet', () => {
    expect(httpTabTitle(createHttpDraft('t', { method: 'DELETE', url: '' }))).toBe('DELETE');
  });
});
