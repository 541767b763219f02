/**
 * A person at the test issuer's pages, without a browser: follows redirects with a cookie jar and
 * submits the issuer's own HTML forms (oidc-provider's device code entry and confirmation, its
 * development login and consent). It goes wherever the issuer redirects, including Powerduck's
 * loopback redirect listener, exactly as a browser would. The Chromium e2e test drives the same
 * pages with a real browser.
 */

export interface Page {
  url: string;
  status: number;
  html: string;
}

interface Form {
  id: string | undefined;
  action: string;
  method: string;
  fields: Map<string, string>;
  /** Names of visible text inputs (what a person types into). */
  typed: string[];
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag);
  return match?.[1]
    ?.replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x2F;/g, '/')
    .replace(/&#(\d+);/g, (_w, n: string) => String.fromCharCode(Number(n)));
}

function formsOf(html: string): Form[] {
  const forms: Form[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi)) {
    const tag = match[1] ?? '';
    const fields = new Map<string, string>();
    const typed: string[] = [];
    for (const input of (match[2] ?? '').matchAll(/<input\b[^>]*>/gi)) {
      const name = attribute(input[0], 'name');
      if (!name) continue;
      fields.set(name, attribute(input[0], 'value') ?? '');
      const type = (attribute(input[0], 'type') ?? 'text').toLowerCase();
      if (type !== 'hidden') typed.push(name);
    }
    forms.push({ id: attribute(tag, 'id'), action: attribute(tag, 'action') ?? '', method: (attribute(tag, 'method') ?? 'get').toLowerCase(), fields, typed });
  }
  return forms;
}

export class IssuerBrowser {
  private readonly cookies = new Map<string, string>();
  /** Every URL visited, in order (tests check where the flow went). */
  readonly visited: string[] = [];

  private async request(url: string, init: { method: string; body?: URLSearchParams }): Promise<Page> {
    let target = url;
    let method = init.method;
    let body = init.body;
    for (let hop = 0; hop < 20; hop++) {
      this.visited.push(target);
      const response = await fetch(target, {
        method,
        redirect: 'manual',
        headers: {
          ...(this.cookies.size ? { Cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
          ...(body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(body ? { body: body.toString() } : {}),
      });
      for (const cookie of response.headers.getSetCookie()) {
        const pair = cookie.split(';')[0] ?? '';
        const eq = pair.indexOf('=');
        if (eq <= 0) continue;
        const name = pair.slice(0, eq).trim();
        const value = pair.slice(eq + 1).trim();
        // An expired cookie is the server clearing it.
        if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        await response.arrayBuffer();
        target = new URL(location, target).href;
        method = 'GET';
        body = undefined;
        continue;
      }
      return { url: target, status: response.status, html: await response.text() };
    }
    throw new Error(`Too many redirects from ${url}`);
  }

  open(url: string): Promise<Page> {
    return this.request(url, { method: 'GET' });
  }

  /** Submits the page's form (the first one, or the one with this id), with these typed values. */
  submit(page: Page, values: Record<string, string> = {}, formId?: string): Promise<Page> {
    const form = formsOf(page.html).find((f) => formId === undefined || f.id === formId);
    if (!form) throw new Error(`No form${formId ? ` "${formId}"` : ''} on ${page.url}:\n${page.html.slice(0, 500)}`);
    const body = new URLSearchParams();
    for (const [name, value] of form.fields) body.set(name, Object.hasOwn(values, name) ? (values[name] as string) : value);
    for (const [name, value] of Object.entries(values)) if (!form.fields.has(name)) body.set(name, value);
    return this.request(new URL(form.action, page.url).href, { method: form.method.toUpperCase(), body });
  }

  /**
   * Signs in as `login` from this URL (an authorization URL, or a device verification URL): types
   * the user code when asked, confirms the device, logs in with any password, consents. Ends on the
   * first page that has no form to go on with (the issuer's "done" page, or Powerduck's callback).
   * `abort` presses the device confirmation page's Abort instead; `cancel` follows the login page's
   * "[ Cancel ]" link (the person declines).
   */
  async signIn(url: string, options: { login?: string; userCode?: string; abort?: boolean; cancel?: boolean } = {}): Promise<Page> {
    let page = await this.open(url);
    for (let step = 0; step < 8; step++) {
      const forms = formsOf(page.html);
      const form = forms[0];
      if (!form || page.status >= 400) return page;
      const cancel = /<a href="([^"]*\/abort)">/.exec(page.html)?.[1];
      if (options.cancel && cancel) page = await this.open(new URL(cancel.replace(/&#x2F;/g, '/'), page.url).href);
      else if (form.typed.includes('login')) page = await this.submit(page, { login: options.login ?? 'alice', password: 'any' });
      else if (form.typed.includes('user_code')) page = await this.submit(page, { user_code: options.userCode ?? '' });
      else if (form.id === 'op.deviceConfirmForm')
        page = await this.submit(page, options.abort ? { abort: 'yes' } : { confirm: 'yes' }, 'op.deviceConfirmForm');
      else page = await this.submit(page);
    }
    return page;
  }
}
