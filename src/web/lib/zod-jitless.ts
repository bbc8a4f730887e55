// Zod compiles fast object parsers with `new Function`, after probing whether eval is allowed. Our
// CSP forbids eval (script-src 'self'), so the probe itself is a CSP violation on every page that
// parses with Zod. Zod reads its configuration from this global when a schema is built; set here,
// in the entry, before any chunk that builds schemas loads. (`z.config({ jitless: true })` says the
// same but would pull Zod's core into the entry, past the home page's JavaScript budget.)
// e2e/shell.spec.ts fails if a page reports a CSP violation.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
