import type { $ZodConfig } from 'zod/v4/core';

// The content security policy allows no eval (script-src 'self'). Unless configured `jitless`, zod
// probes for eval with `new Function('')` when it builds its first object schema (the browser reports
// that as a policy violation on every page that loads a schema) and then compiles object parsers with it.
// main.tsx imports this module first, so the setting is in place before any schema is built.
//
// This is what `z.config({ jitless: true })` does, written straight into the object zod reads its
// configuration from: zod 4 keeps it on globalThis, shared by every copy of zod on the page
// (colinhacks/zod#5889), and adopts one that already exists. Calling `config` itself would put zod's
// core into the entry chunk, about 3 kB more on the landing page, the booking website and the TV,
// which use no zod at all. main.test.tsx checks that zod sees the setting and never evaluates code.
const withZodConfig = globalThis as typeof globalThis & { __zod_globalConfig?: $ZodConfig };
withZodConfig.__zod_globalConfig ??= {};
withZodConfig.__zod_globalConfig.jitless = true;
