import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Run `f` with environment variables set (undefined deletes), restoring them afterwards. */
export function withEnv<T>(vars: Record<string, string | undefined>, f: () => T): T {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const put = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  put(vars);
  try {
    return f();
  } finally {
    put(saved);
  }
}

/** A fresh scratch directory under the system's temporary directory. */
export const temp = (prefix: string) => mkdtempSync(join(tmpdir(), `seam-${prefix}-`));
