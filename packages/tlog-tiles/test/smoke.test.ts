import { inclusionProof, consistencyProof } from '@agent-seam/merkle';
import { expect, it } from 'vitest';
import { readerOf, writtenLog } from './support.js';

it('smoke', async () => {
  for (const n of [1, 2, 255, 256, 257, 300, 513, 70000]) {
    const { leaves, store } = await writtenLog(n);
    const reader = readerOf(store);
    const r = await reader.refresh();
    expect(r.ok ? 'ok' : `${r.code} ${r.detail}`).toBe('ok');
    for (const i of [0, n - 1, Math.floor(n / 2)]) {
      const p = await reader.inclusionProof(i);
      expect(p.ok ? 'ok' : `${p.code} ${p.detail}`).toBe('ok');
      if (p.ok) expect(p.value).toEqual(inclusionProof(leaves, i));
      const e = await reader.entry(i);
      expect(e.ok && new TextDecoder().decode(e.value)).toBe(`entry ${i}`);
    }
    if (n > 1) {
      const c = await reader.consistencyProof(1);
      expect(c.ok && c.value).toEqual(consistencyProof(leaves, 1, n));
    }
    console.log(n, reader.reads, store.files.size);
  }
});
