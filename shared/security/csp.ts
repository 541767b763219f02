/**
 * One Content-Security-Policy for both hosts. Monaco needs blob: workers and inline styles;
 * scripts only ever come from our own bundle. Media is allowed from data: URLs only, because that is how
 * MCP audio content arrives (base64 in the result); nothing the page plays comes from the network.
 */
export function contentSecurityPolicy(options: { connectSelf: boolean }): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    'media-src data:',
    "worker-src 'self' blob:",
    `connect-src ${options.connectSelf ? "'self'" : "'none'"}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}
