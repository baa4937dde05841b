import { z } from 'zod';

/*
 * zod, as every schema of the contract uses it. In a browser (the web app, whose
 * Content-Security-Policy forbids eval) zod parses without generated code, and does not probe
 * whether it may generate any: the probe alone is reported as a CSP violation. Elsewhere (the
 * server) it keeps its faster generated parsers.
 */
if ('document' in globalThis) z.config({ jitless: true });

export { z };
