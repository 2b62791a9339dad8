import { createHash, createHmac } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalString, hex } from '@agent-seam/canonical';
import { interopPath, loadInterop, openLedger } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { canonicalText, doubleFromHex, utf8 } from './helpers.js';

/**
 * Third-party vectors read in place from ../shared/interop: RFC 8785 (jcs), the ES6
 * number samples, RFC-004 (rfc004) and agentplane canon v1 (agentplane-v1).
 */
const ledger = openLedger();

const jcsDir = interopPath('standards/jcs-rfc8785');
const rfc004 = loadInterop<Rfc004File>('rfc004/rfc-004-v1.json');
const planeDir = interopPath('agentplane');
if (jcsDir === null) for (const g of ['jcs.rfc8785', 'jcs.numbers']) ledger.interopMissing(g);
if (rfc004 === null) ledger.interopMissing('profile.rfc004');
if (planeDir === null) ledger.interopMissing('profile.agentplane-v1');

describe.runIf(jcsDir !== null)('jcs.rfc8785', () => {
  const dir = jcsDir ?? '';
  const names =
    jcsDir === null
      ? []
      : readdirSync(join(dir, 'input'))
          .filter((f) => f.endsWith('.json'))
          .sort();
  it('six input files', () => expect(names.length).toBe(6));
  for (const f of names) {
    const base = f.slice(0, -'.json'.length);
    const input = readFileSync(join(dir, 'input', f));
    const output = readFileSync(join(dir, 'output', f), 'utf8');
    const outhex = readFileSync(join(dir, 'outhex', `${base}.txt`), 'utf8').replace(/\s+/g, '');
    it(`${base}: parse boundary gives output`, () =>
      ledger.accept(
        'jcs.rfc8785',
        `${base}/output`,
        () => expect(canonicalText(new Uint8Array(input), 'jcs')).toBe(output),
        {
          interop: true,
        },
      ));
    it(`${base}: bytes are outhex`, () =>
      ledger.accept(
        'jcs.rfc8785',
        `${base}/outhex`,
        () => expect(hex.encode(utf8(canonicalText(new Uint8Array(input), 'jcs')))).toBe(outhex),
        {
          interop: true,
        },
      ));
    it(`${base}: sign side gives output`, () =>
      ledger.accept(
        'jcs.rfc8785',
        `${base}/value`,
        () => expect(canonicalString(JSON.parse(input.toString('utf8')), { profile: 'jcs' })).toBe(output),
        { interop: true },
      ));
  }
});

describe.runIf(jcsDir !== null)('jcs.numbers', () => {
  const lines =
    jcsDir === null
      ? []
      : readFileSync(join(jcsDir, 'es6testfile-first10000.txt'), 'utf8')
          .split('\n')
          .filter((l) => l !== '');
  it('10,000 samples', () => expect(lines.length).toBe(10_000));
  // One check per block of 1,000 samples; every sample in the block is asserted.
  for (let block = 0; block < 10; block++) {
    it(`samples ${block * 1000 + 1}..${block * 1000 + 1000}`, () =>
      ledger.accept(
        'jcs.numbers',
        `block-${block}`,
        () => {
          let checked = 0;
          for (const line of lines.slice(block * 1000, block * 1000 + 1000)) {
            const [bits, expected] = line.split(',') as [string, string];
            const x = doubleFromHex(bits);
            const written = canonicalString(x, { profile: 'jcs' });
            // The expected spelling read back through the parse boundary is a fixed point.
            const reread = canonicalText(expected, 'jcs');
            if (written !== expected || reread !== expected)
              expect({ bits, written, reread }).toEqual({ bits, written: expected, reread: expected });
            checked++;
          }
          expect(checked).toBe(1000);
        },
        { interop: true },
      ));
  }
});

interface Rfc004Vector {
  id: string;
  input?: unknown;
  expectedCanonical?: string;
  entry?: Record<string, unknown>;
  expectedHmac?: string;
  mustDifferFrom?: string;
  mustEqual?: string;
}
interface Rfc004File {
  secret: string;
  vectors: Rfc004Vector[];
}

/** RFC-004 signs canonical(entry) with the top-level hmac and signature members removed. */
function rfc004Hmac(secret: string, entry: Record<string, unknown>): string {
  const { hmac: _h, signature: _s, ...signed } = entry;
  const canonical = canonicalString(signed, { profile: 'rfc004' });
  return `sha256:${createHmac('sha256', secret).update(utf8(canonical)).digest('hex')}`;
}

describe.runIf(rfc004 !== null)('profile.rfc004', () => {
  const file = rfc004 ?? { secret: '', vectors: [] };
  it('seven vectors', () => expect(file.vectors.length).toBe(7));
  const hmacOf = (id: string) => {
    const v = file.vectors.find((x) => x.id === id);
    if (v?.entry === undefined) throw new Error(`no entry ${id}`);
    return rfc004Hmac(file.secret, v.entry);
  };
  for (const v of file.vectors) {
    if (v.expectedCanonical !== undefined) {
      it(`${v.id}: canonical`, () =>
        ledger.accept(
          'profile.rfc004',
          v.id,
          () => expect(canonicalString(v.input, { profile: 'rfc004' })).toBe(v.expectedCanonical),
          {
            interop: true,
          },
        ));
    } else {
      it(`${v.id}: hmac`, () =>
        ledger.accept('profile.rfc004', v.id, () => expect(hmacOf(v.id)).toBe(v.expectedHmac), {
          interop: true,
        }));
    }
    if (v.mustDifferFrom !== undefined) {
      const other = v.mustDifferFrom;
      it(`${v.id}: the HMAC of ${other} does not verify this entry`, () =>
        ledger.refuse(
          'profile.rfc004',
          `${v.id}/differs`,
          () => expect(hmacOf(v.id)).not.toBe(hmacOf(other)),
          { interop: true },
        ));
    }
    if (v.mustEqual !== undefined) {
      const other = v.mustEqual;
      it(`${v.id}: re-signing gives the HMAC of ${other}`, () =>
        ledger.accept('profile.rfc004', `${v.id}/equal`, () => expect(hmacOf(v.id)).toBe(hmacOf(other)), {
          interop: true,
        }));
    }
  }
});

interface PlaneVectors {
  canon_v1: {
    objects: { name: string; input_json: string; canonical?: string; canonical_utf8_hex?: string }[];
    doubles: [string, string][];
    string_escape_example: { canonical: string };
  };
}

describe.runIf(planeDir !== null)('profile.agentplane-v1', () => {
  const dir = planeDir ?? '';
  const records =
    planeDir === null
      ? []
      : readFileSync(join(dir, 'golden', 'records.jsonl'), 'utf8')
          .split('\n')
          .filter((l) => l !== '')
          .map((l) => JSON.parse(l) as { hash: string; kind: string; raw: string });
  const vectors =
    planeDir === null
      ? null
      : (JSON.parse(readFileSync(join(dir, 'extracted_vectors.json'), 'utf8')) as PlaneVectors);
  it('33 golden records, 5 objects, 21 doubles', () =>
    expect([records.length, vectors?.canon_v1.objects.length, vectors?.canon_v1.doubles.length]).toEqual([
      33, 5, 21,
    ]));
  for (const r of records) {
    it(`${r.kind}: raw is canonical`, () =>
      ledger.accept(
        'profile.agentplane-v1',
        `${r.kind}/canonical`,
        () => expect(canonicalText(r.raw, 'agentplane-v1')).toBe(r.raw),
        {
          interop: true,
        },
      ));
    it(`${r.kind}: a respelled raw is not canonical`, () =>
      ledger.refuse(
        'profile.agentplane-v1',
        `${r.kind}/respelled`,
        () => {
          // The same record with one space after the opening brace: a verifier that
          // requires raw to be canonical must see that these bytes are not.
          const respelled = `{ ${r.raw.slice(1)}`;
          expect(canonicalText(respelled, 'agentplane-v1')).toBe(r.raw);
          expect(respelled).not.toBe(r.raw);
        },
        { interop: true },
      ));
    it(`${r.kind}: hash is SHA-256(zero32 || raw)`, () =>
      ledger.accept(
        'profile.agentplane-v1',
        `${r.kind}/hash`,
        () => {
          const digest = createHash('sha256').update(new Uint8Array(32)).update(utf8(r.raw)).digest('hex');
          expect(digest).toBe(r.hash);
        },
        { interop: true },
      ));
  }
  for (const o of vectors?.canon_v1.objects ?? []) {
    it(`object ${o.name}`, () =>
      ledger.accept(
        'profile.agentplane-v1',
        o.name,
        () => {
          const out = canonicalText(o.input_json, 'agentplane-v1');
          if (o.canonical !== undefined) expect(out).toBe(o.canonical);
          else expect(hex.encode(utf8(out))).toBe(o.canonical_utf8_hex);
        },
        { interop: true },
      ));
  }
  for (const [literal, expected] of vectors?.canon_v1.doubles ?? []) {
    it(`double ${literal}`, () =>
      ledger.accept(
        'profile.agentplane-v1',
        `double/${literal}`,
        () => expect(canonicalText(literal, 'agentplane-v1')).toBe(expected),
        {
          interop: true,
        },
      ));
  }
  it('string escape example', () =>
    ledger.accept(
      'profile.agentplane-v1',
      'string-escape',
      () => {
        const c = vectors!.canon_v1.string_escape_example.canonical;
        expect(canonicalString('acme.erp\u001fMSG-1', { profile: 'agentplane-v1' })).toBe(c);
      },
      { interop: true },
    ));
});
