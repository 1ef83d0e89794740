// The one Content-Security-Policy of the FolderGate window, served by both hosts (the Electron
// custom protocol and the headless HTTP host). The built renderer has no inline <script> or
// <style> (Vite puts CSS in files; React's style props go through the CSSOM, which CSP allows),
// so no 'unsafe-inline' and never 'unsafe-eval'.

/** Options that relax the policy; every one defaults to the strict choice. */
export interface CspOptions {
  /** Allow inline <style> elements and style attributes (off: the built renderer needs none). */
  allowInlineStyles?: boolean;
}

/** The CSP directives as an ordered list of [name, sources]. */
export function cspDirectives(options: CspOptions = {}): Array<[string, string[]]> {
  return [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', options.allowInlineStyles ? ["'self'", "'unsafe-inline'"] : ["'self'"]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-src', ["'none'"]],
    ['worker-src', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'none'"]],
  ];
}

/** The Content-Security-Policy header value. */
export function buildCsp(options: CspOptions = {}): string {
  return cspDirectives(options)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The policy both hosts send with every page of the renderer. */
export const CONTENT_SECURITY_POLICY = buildCsp();
