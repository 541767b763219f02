/**
 * One Content-Security-Policy for both hosts. Monaco needs blob: workers and inline styles;
 * scripts only ever come from our own bundle.
 */
export function contentSecurityPolicy(options: { connectSelf: boolean }): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "worker-src 'self' blob:",
    `connect-src ${options.connectSelf ? "'self'" : "'none'"}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ');
}
