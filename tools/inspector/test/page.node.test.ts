import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { hex, unwrap } from '@agent-seam/canonical';
import { verifyExport } from '@agent-seam/chain';
import { decode } from '@agent-seam/coredet-cbor';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE, serveStatic } from '../serve.ts';
import { CASES, KIND_NAMES, type PageCase, SEAL_LEFT_OUT } from './cases.ts';
import { largeExport } from './large-export.ts';

/**
 * The built page in headless Chromium, used as a person uses it: paste the artifact and
 * the verifier options, press Inspect, read the verdict and the checks. Every case comes
 * from the published vectors; no request may leave 127.0.0.1.
 */
const output = join(import.meta.dirname, '..', 'test-output');
const wire = JSON.parse(
  readFileSync(join(import.meta.dirname, '..', '..', '..', 'vectors', 'wire_vectors.json'), 'utf8'),
);

let browser: Browser;
let server: Server;
let page: Page;
let origin: string;
const requests: string[] = [];

beforeAll(async () => {
  if (!existsSync(join(SITE, 'index.html'))) throw new Error(`build the page first: ${SITE} is missing`);
  mkdirSync(output, { recursive: true });
  const served = await serveStatic(SITE);
  server = served.server;
  origin = served.url;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  page.on('request', (request) => {
    requests.push(request.url());
  });
  await page.goto(origin);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((done) => server?.close(done));
});

interface Shown {
  detected: string;
  verdict: string | undefined;
  code: string | undefined;
  rows: { id: string; outcome: string; code: string }[];
  signed: string[];
  /** The members of an accepted value the page says were not judged. */
  unjudged: string[];
}

/**
 * Pastes a case and presses Inspect. The clock field is emptied unless `clock` is given, so
 * a vector is judged at the time its own options name, never at the machine's.
 */
async function paste(c: Pick<PageCase, 'artifact' | 'options'>, kind = 'auto', clock = ''): Promise<Shown> {
  await page.selectOption('#kind', kind);
  await page.fill('#artifact', c.artifact);
  await page.fill('#options', JSON.stringify(c.options));
  await page.fill('#now', clock);
  await page.click('#inspect');
  return page.evaluate(() => {
    const verdict = document.getElementById('verdict')!;
    return {
      detected: document.getElementById('detected')!.textContent ?? '',
      verdict: verdict.dataset.verdict,
      code: verdict.dataset.code,
      rows: Array.from(document.querySelectorAll<HTMLElement>('tr[data-check]'), (row) => ({
        id: row.dataset.check!,
        outcome: row.dataset.outcome!,
        code: row.querySelector('td.code')!.textContent ?? '',
      })),
      signed: Array.from(document.querySelectorAll('pre.bytes'), (pre) => pre.textContent ?? ''),
      unjudged: Array.from(
        document.querySelectorAll<HTMLElement>('#unjudged li'),
        (li) => li.dataset.member!,
      ),
    };
  });
}

const byKind = (kind: string) => CASES.filter((c) => c.kind === kind);
/**
 * What the page turns off by name, per kind: a page keeps no replay store and no pinned key
 * event logs, so those members are always said to be unjudged.
 */
const PAGE_OFF: Record<string, string[]> = {
  envelope: ['replay'],
  'wba-request': ['replay'],
  'sealed-envelope': ['replay'],
  'sealed-envelope-v1': ['replay'],
  'anet-request': ['pin', 'replay'],
  'anet-object': ['pin'],
};
/** A member of a verified value that records whether time was judged. */
const isTimeMember = (member: string) => /(^|\.)(time|freshness)$/.test(member);

describe('the Seam Inspector page', () => {
  it('has cases of every kind, accepting and refusing', () => {
    for (const kind of Object.keys(KIND_NAMES)) {
      expect(byKind(kind).filter((c) => c.expect === undefined).length, kind).toBeGreaterThanOrEqual(1);
      expect(byKind(kind).filter((c) => c.expect !== undefined).length, kind).toBeGreaterThanOrEqual(4);
    }
    expect(CASES.length).toBeGreaterThanOrEqual(100);
  });

  for (const kind of Object.keys(KIND_NAMES))
    it(`${kind}: detects accepting vectors and shows every check passed`, async () => {
      for (const c of byKind(kind).filter((c) => c.expect === undefined)) {
        const shown = await paste(c);
        expect(shown.detected, c.name).toBe(`detected: ${KIND_NAMES[kind]}`);
        // A page keeps no replay store and no pins: such a verifier is never "Accepted".
        const off = PAGE_OFF[kind] ?? [];
        expect(shown.unjudged, c.name).toEqual(expect.arrayContaining(off));
        // Without a clock (the vector names none) only time may go unjudged besides those.
        const rest = shown.unjudged.filter((member) => !off.includes(member));
        const clockless = c.options.now === undefined || c.options.now === 'off';
        expect(rest, c.name).toEqual(clockless ? rest.filter(isTimeMember) : []);
        expect(shown.verdict, c.name).toBe(shown.unjudged.length === 0 ? 'accept' : 'unjudged');
        expect(shown.rows.length, c.name).toBeGreaterThanOrEqual(3);
        expect(
          shown.rows.some((r) => r.outcome === 'refuse'),
          c.name,
        ).toBe(false);
        expect(
          shown.rows.some((r) => r.outcome === 'pass'),
          c.name,
        ).toBe(true);
        expect(shown.signed.length, c.name).toBeGreaterThanOrEqual(1);
      }
      await page.screenshot({ path: join(output, `${kind}-accept.png`), fullPage: true });
    });

  for (const kind of Object.keys(KIND_NAMES))
    it(`${kind}: refuses each refusing vector at the check that owns its code`, async () => {
      for (const c of byKind(kind).filter((c) => c.expect !== undefined)) {
        const shown = await paste(c, kind);
        expect(shown.verdict, c.name).toBe('refuse');
        expect(shown.code, c.name).toBe(c.expect);
        const refusing = shown.rows.filter((r) => r.outcome === 'refuse');
        expect(refusing, c.name).toHaveLength(1);
        expect(refusing[0]!.code, c.name).toBe(c.expect);
        // Checks after the refusing one were never reached.
        const after = shown.rows.slice(shown.rows.indexOf(refusing[0]!) + 1);
        expect(
          after.every((r) => r.outcome === 'not-checked'),
          c.name,
        ).toBe(true);
      }
      await page.screenshot({ path: join(output, `${kind}-refuse.png`), fullPage: true });
    });

  it('shows what was signed and marks the first byte that differs from the bytes you signed', async () => {
    const vector = wire.cardpub[0];
    const envelope = { v: 1, typ: 'agentcard', card: vector.card, ts: vector.ts, sig: vector.sig };
    // Judged at the page's clock, a minute after the card was signed.
    const shown = await paste(
      { artifact: JSON.stringify(envelope), options: { expectedDid: vector.card.did } },
      'auto',
      String(vector.ts + 60),
    );
    expect(shown.verdict).toBe('accept');
    expect(shown.signed[0]).toContain('{"card":{"did":"');

    const signedBytes: string = vector.envelopePayload;
    await page.fill('#compare', signedBytes);
    expect(await page.getAttribute('#difference', 'data-offset')).toBe('none');

    const at = signedBytes.indexOf('"ts":') + 5;
    const altered = `${signedBytes.slice(0, at)}9${signedBytes.slice(at + 1)}`;
    await page.fill('#compare', altered);
    expect(await page.getAttribute('#difference', 'data-offset')).toBe(String(at));
    expect(await page.textContent('#difference mark')).toBe(signedBytes[at]);

    await page.selectOption('#compare-encoding', 'hex');
    await page.fill('#compare', Buffer.from(signedBytes.slice(0, 10)).toString('hex'));
    expect(await page.getAttribute('#difference', 'data-offset')).toBe('10');
    await page.selectOption('#compare-encoding', 'text');
    await page.fill('#compare', altered);
    await page.screenshot({ path: join(output, 'compare.png'), fullPage: true });
  });

  it('a card changed after signing: refused at the equation, and the compare box shows where', async () => {
    const vector = wire.cardpub[0];
    const card = { ...vector.card, name: 'Nodf' };
    const envelope = { v: 1, typ: 'agentcard', card, ts: vector.ts, sig: vector.sig };
    const shown = await paste({ artifact: JSON.stringify(envelope), options: { expectedDid: card.did } });
    expect(shown.verdict).toBe('refuse');
    expect(shown.code).toBe('bad-signature');
    expect(shown.rows.find((r) => r.outcome === 'refuse')?.id).toBe('equation');
    const signedBytes: string = vector.envelopePayload;
    await page.fill('#compare', signedBytes);
    expect(await page.getAttribute('#difference', 'data-offset')).toBe(
      String(signedBytes.indexOf('Node') + 3),
    );
    await page.screenshot({ path: join(output, 'readme.png'), fullPage: true });
  });

  it('shows the RFC 9421 signature base built with your authority, line by line', async () => {
    const c = byKind('wba-request').find((c) => c.expect === undefined)!;
    const shown = await paste(c);
    const lines = shown.signed[0]!.split('\n');
    expect(lines[0]).toMatch(/^ *0 {2}"@authority": entry\.example\\n$/);
    expect(lines.at(-1)).toMatch(/"@signature-params": \(/);
  });

  it('CBOR: diagnostic notation as received, and the first byte that breaks determinism marked', async () => {
    for (const c of byKind('cbor').filter((c) => c.expect !== undefined)) {
      await paste(c, 'cbor');
      const strict = decode(unwrap(hex.decode(c.artifact)), c.options);
      expect(strict.ok, c.name).toBe(false);
      const offset = strict.ok ? undefined : strict.offset;
      expect(await page.getAttribute('pre.hex mark', 'data-offset'), c.name).toBe(String(offset));
    }
    await paste(byKind('cbor').find((c) => c.name === 'int-not-shortest')!, 'cbor');
    expect(await page.textContent('pre.notation')).toBe('23_0');
    await page.screenshot({ path: join(output, 'cbor-mark.png'), fullPage: true });
  });

  it('sealed envelope: a code made at several steps is shown at the step its vector exists for', async () => {
    // Each step read from the vector's `why`, not from the page or the check list.
    const steps: Record<string, string> = {
      'sealed-envelope/trailing-byte': 'outer-map',
      'sealed-envelope/outer-key-9': 'outer-keys',
      'sealed-envelope/outer-kid-15-bytes': 'outer-fields',
      'sealed-envelope/ct-flipped': 'layer-1',
      'sealed-envelope/inner-ts-text': 'inner-fields',
      'sealed-envelope/inner-ts-zero': 'inner-fields',
      'sealed-envelope/inner-key-21': 'inner-keys',
      'sealed-envelope/history-without-notices': 'history',
      'sealed-envelope/two-notices': 'history',
      'sealed-envelope/rk-suite-2': 'history',
      'sealed-envelope-v1/mid-15-bytes': 'inner-fields',
      'sealed-envelope-v1/inner-key-11': 'inner-keys',
    };
    const sealed = [...byKind('sealed-envelope'), ...byKind('sealed-envelope-v1')];
    for (const [key, step] of Object.entries(steps)) {
      const c = sealed.find((c) => `${c.kind}/${c.name}` === key)!;
      expect(c, key).toBeDefined();
      const shown = await paste(c, c.kind);
      expect(shown.rows.find((r) => r.outcome === 'refuse')?.id, key).toBe(step);
    }
    // Left out, each by the stated rule: the hex-text envelope, the wrong-key ring, six resolver
    // refusals, and the six replay-store cases (delivered, forgotten, unavailable; v2 and v1: a
    // page keeps no store).
    expect(SEAL_LEFT_OUT).toBe(14);
  });

  it("judges at this browser's clock, shown and editable; without a clock, time is said to be unjudged", async () => {
    // A fresh page: the clock field holds the browser's clock, and the page shows it as a date.
    await page.goto(origin);
    const opened = Number(await page.inputValue('#now'));
    expect(Math.abs(opened - Date.now() / 1000)).toBeLessThan(600);
    expect(await page.textContent('#now-shown')).toBe(`= ${new Date(opened * 1000).toISOString()}`);
    const vector = wire.cardpub[0];
    const card = {
      artifact: JSON.stringify({ v: 1, typ: 'agentcard', card: vector.card, ts: vector.ts, sig: vector.sig }),
      options: { expectedDid: vector.card.did },
    };
    // The card is weeks older than the page's clock... and judged so, whatever the clock says.
    expect((await paste(card, 'auto', String(vector.ts + 60))).verdict).toBe('accept');
    expect((await paste(card, 'auto', String(vector.ts - 3600))).verdict).toBe('refuse');
    // No clock: the signature holds, time is not judged, and the page says so in amber.
    const clockless = await paste(card, 'auto', '');
    expect(clockless).toMatchObject({ verdict: 'unjudged', unjudged: ['freshness'] });
    expect(await page.textContent('#verdict')).toContain('Signature valid, NOT everything judged');
    expect(await page.textContent('#verdict')).toContain('time not judged: no clock');
    expect(await page.textContent('#now-shown')).toBe('no clock: time will not be judged');
  });

  it('an envelope is never Accepted in a page: signature valid, replay cannot be judged', async () => {
    const c = byKind('envelope').find((c) => c.expect === undefined && typeof c.options.now === 'number')!;
    const shown = await paste(c);
    expect(shown).toMatchObject({ verdict: 'unjudged', unjudged: ['replay'] });
    const said = await page.textContent('#verdict');
    expect(said).not.toContain('Accepted');
    expect(said).toContain('replay cannot be judged in a page');
  });

  it('sealed envelope: shows the opened message and its body, and says whose key it trusted', async () => {
    for (const kind of ['sealed-envelope', 'sealed-envelope-v1']) {
      const c = byKind(kind).find((c) => c.expect === undefined)!;
      const shown = await paste(c);
      expect(shown).toMatchObject({ verdict: 'unjudged', unjudged: ['replay'] });
      expect(shown.signed.join(''), kind).toContain('seam sealed envelope vector');
      expect(await page.textContent('pre.notation'), kind).toContain('from bafyreiseamvectorsender');
      expect(await page.textContent('#note'), kind).toContain('the senderKey you gave');
    }
    // Without a senderKey, the key history the message carries is judged by anet-identity's resolver.
    const fromHistory = byKind('sealed-envelope').find((c) => c.name === 'anet-identity/current-key')!;
    expect((await paste(fromHistory)).verdict).toBe('unjudged');
    expect(await page.textContent('#note')).toContain(
      'key event log, notice and key set the message carries',
    );
    // A v1 envelope given to the v2 opener is refused at the version, as openEnvelope says.
    const v1 = byKind('sealed-envelope-v1').find((c) => c.expect === undefined)!;
    const shown = await paste(v1, 'sealed-envelope');
    expect(shown.code).toBe('bad-version');
  });

  /** Opens a file as a person would, samples the progress bar until the report shows. */
  async function openExport(path: string): Promise<{ progress: number[]; status: string | null }> {
    await page.fill('#options', '');
    await page.setInputFiles('#file', path);
    const progress: number[] = [];
    for (;;) {
      const [bytes, status, error] = await page.evaluate(() => [
        document.getElementById('export-rate')!.dataset.bytes ?? null,
        document.getElementById('export-verdict')?.dataset.status ?? null,
        document.getElementById('export-error')?.textContent ?? null,
      ]);
      if (error !== null) throw new Error(error);
      if (bytes !== null && Number(bytes) !== progress.at(-1)) progress.push(Number(bytes));
      if (status !== null) return { progress, status };
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  it('verifies a large export in a worker: the progress bar moves and the report appears', async () => {
    const target = 50e6;
    const { text, records } = largeExport(target);
    const path = join(output, 'large-export.jsonl');
    writeFileSync(path, text);
    const { progress, status } = await openExport(path);
    expect(status).toBe('sound');
    // No record keys, no outside checkpoint: sound is not green, and the line says what was not established.
    const shown = await page.$eval('#export-verdict', (v) => ({
      established: (v as HTMLElement).dataset.established,
      line: v.querySelector('strong')!.textContent,
    }));
    expect(shown.established).toBe('partly');
    expect(shown.line).toContain('consistent, NOT authenticated: no record keys');
    expect(shown.line).toContain('deletion NOT checked: no outside checkpoint');
    const steps = await page.$$eval('#export-steps tr[data-check]', (rows) =>
      Object.fromEntries(
        rows.map((r) => [(r as HTMLElement).dataset.check, (r as HTMLElement).dataset.outcome]),
      ),
    );
    expect(steps).toMatchObject({
      signatures: 'not-checked',
      anchors: 'not-checked',
      graders: 'not-checked',
    });
    // The bar moved through several values below the whole before the report came.
    expect(progress.filter((b) => b > 0 && b < text.length).length).toBeGreaterThanOrEqual(3);
    expect(progress.at(-1)).toBe(Buffer.byteLength(text));
    expect(await page.$$eval('#export-findings tr', (rows) => rows.length)).toBe(0);
    const counts = await page.$$eval('#export-counts tr', (rows) =>
      Object.fromEntries(rows.map((r) => [r.children[0]!.textContent, r.children[1]!.textContent])),
    );
    expect(counts.records).toBe(String(records));
    expect(Number(counts.bytes)).toBeGreaterThanOrEqual(target);
    await page.screenshot({ path: join(output, 'export.png'), fullPage: true });
    rmSync(path);
  });

  it("shows the findings of chain's reader for a tampered export, as it reports them", async () => {
    const lines = largeExport(1).text.split('\n');
    // One step record's note changed after it was written: its raw no longer matches.
    lines[5] = lines[5]!.replace('streams this', 'streams that');
    const text = lines.join('\n');
    const expected = await verifyExport(text);
    expect(expected.findings.length).toBeGreaterThanOrEqual(1);
    const path = join(output, 'tampered-export.jsonl');
    writeFileSync(path, text);
    const { status } = await openExport(path);
    expect(status).toBe('findings');
    const shown = await page.$$eval('#export-findings tr', (rows) =>
      rows.slice(1).map((r) => [r.children[0]!.textContent, r.children[1]!.textContent]),
    );
    expect(shown).toEqual(expected.findings.map((f) => [f.code, f.line === undefined ? '' : String(f.line)]));
    // The reader's steps: the one holding the first finding refuses with its code.
    const refusing = await page.$$eval('#export-steps tr[data-outcome="refuse"] td.code', (cells) =>
      cells.map((c) => c.textContent),
    );
    expect(refusing).toEqual([expected.findings[0]!.code]);
    await page.screenshot({ path: join(output, 'export-findings.png'), fullPage: true });
  });

  it('says what it needs when a verifier option is missing, instead of guessing', async () => {
    const c = byKind('domain-linkage').find((c) => c.expect === undefined)!;
    const shown = await paste({
      artifact: c.artifact,
      options: { did: c.options.did, origin: c.options.origin },
    });
    expect(shown.verdict).toBe('error');
  });

  it('made no request beyond its own files on 127.0.0.1', () => {
    expect(requests.length).toBeGreaterThanOrEqual(3);
    for (const url of requests) expect(url.startsWith(origin), url).toBe(true);
  });
});
