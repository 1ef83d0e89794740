// Imported first by main.tsx: the CSP has no 'unsafe-eval', so zod must never probe
// `new Function` — it does so when the first object schema is built unless jitless is set
// before any shared/ schema module runs.
import * as z from 'zod';

z.config({ jitless: true });
