import { readFileSync } from 'node:fs';
import { loadVectors } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { BOX_CODES, PAYLOAD_CODES, SEALED_FIELD_CODES } from '../src/index.js';

// Every refusal code is produced by a vector, and documented in the README and the spec.
const doc = loadVectors('cryptobox.json');
const codesIn = (cases: { code: string }[]) => [...new Set(cases.map((c) => c.code))].sort();
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const spec = readFileSync(new URL('../../../spec/cryptobox.md', import.meta.url), 'utf8');

describe('refusal codes', () => {
  const unions = [
    { name: 'box', codes: BOX_CODES, cases: [...doc['box.reject'], ...doc['box.v2-refuse']] },
    { name: 'payload', codes: PAYLOAD_CODES, cases: doc['sealed.reject'].cases },
    { name: 'sealed field', codes: SEALED_FIELD_CODES, cases: doc['sealed.field'].refuse },
  ];
  for (const { name, codes, cases } of unions) {
    it(`every ${name} code has a vector, and no vector has another code`, () =>
      expect(codesIn(cases)).toEqual([...codes].sort()));
    it(`every ${name} code is in the README and the spec`, () => {
      for (const code of codes) {
        const row = new RegExp(`^\\| \`${code}\` +\\|`, 'm');
        expect(readme, code).toMatch(row);
        expect(spec, code).toMatch(row);
      }
    });
  }
});
