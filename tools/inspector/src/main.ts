import { detectKind, KINDS, type Kind, type Report, type Signed } from './kinds.js';
import { escapeBytes, firstDifference } from './seam.js';

/** The page: read the inputs, ask the kind for its report, show it. Nothing leaves the page. */

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const kindSelect = $<HTMLSelectElement>('kind');
const artifactBox = $<HTMLTextAreaElement>('artifact');
const optionsBox = $<HTMLTextAreaElement>('options');
const compareBox = $<HTMLTextAreaElement>('compare');
const compareAgainst = $<HTMLSelectElement>('compare-against');
const compareEncoding = $<HTMLSelectElement>('compare-encoding');

for (const kind of KINDS) kindSelect.append(new Option(kind.name, kind.id));

/** An element with text (never HTML: everything shown may be attacker bytes). */
function el(tag: string, text = '', attributes: Record<string, string> = {}): HTMLElement {
  const node = document.createElement(tag);
  node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

let signed: Signed[] = [];

function chosenKind(): { kind: Kind | undefined; detected: boolean } {
  const id = kindSelect.value === 'auto' ? detectKind(artifactBox.value) : kindSelect.value;
  return { kind: KINDS.find((k) => k.id === id), detected: kindSelect.value === 'auto' };
}

function showVerdict(verdict: HTMLElement, report: Report) {
  const v = report.verdict;
  verdict.dataset.verdict = v.ok ? 'accept' : 'refuse';
  if (v.ok) {
    verdict.append(el('strong', 'Accepted'));
  } else {
    verdict.dataset.code = v.code;
    verdict.append(el('strong', 'Refused: '), el('code', v.code, { class: 'code' }));
    if (v.detail !== undefined) verdict.append(el('span', ` (${v.detail})`));
  }
}

function showStages(report: Report) {
  const stages = $('stages');
  for (const stage of report.stages) {
    stages.append(el('h2', stage.title));
    const table = el('table', '', { class: 'checks' });
    const head = el('tr');
    head.append(...['outcome', 'check', 'what it checks', 'code'].map((h) => el('th', h)));
    table.append(head);
    for (const check of stage.checks) {
      const row = el('tr', '', { 'data-check': check.id, 'data-outcome': check.outcome });
      row.append(
        el('td', check.outcome, { class: `outcome ${check.outcome}` }),
        el('td', check.id),
        el('td', check.detail === undefined ? check.title : `${check.title}: ${check.detail}`),
        el('td', check.code ?? '', { class: 'code' }),
      );
      table.append(row);
    }
    stages.append(table);
  }
}

/** Binary bytes as hex, 16 to a line with the offset first; the byte at `mark` marked. */
function hexDump(bytes: Uint8Array, mark: number | undefined): HTMLElement {
  const pre = el('pre', '', { class: 'bytes hex' });
  const pad = String(bytes.length).length;
  for (let line = 0; line < Math.max(bytes.length, 1); line += 16) {
    pre.append(`${String(line).padStart(pad)}  `);
    for (let i = line; i < Math.min(line + 16, bytes.length); i++) {
      const pair = bytes[i]!.toString(16).padStart(2, '0');
      pre.append(i === mark ? el('mark', pair, { 'data-offset': String(i) }) : pair, ' ');
    }
    if (mark === bytes.length && line + 16 >= bytes.length)
      pre.append(el('mark', '(ends)', { 'data-offset': String(mark) }));
    pre.append('\n');
  }
  return pre;
}

function showSigned(report: Report) {
  const box = $('signed');
  $('signed-heading').textContent = report.signedHeading ?? 'What was signed';
  signed = report.signed;
  compareAgainst.replaceChildren();
  if (signed.length === 0) box.append(el('p', 'Nothing: the artifact does not get as far as signed bytes.'));
  signed.forEach((item, i) => {
    box.append(el('h3', item.title));
    if (item.text !== undefined) {
      box.append(el('pre', item.text, { class: 'notation' }));
      return;
    }
    if (item.bytes !== null && item.hex) {
      box.append(hexDump(item.bytes, item.mark));
      compareAgainst.append(new Option(item.title, String(i)));
      return;
    }
    if (item.bytes === null) {
      box.append(
        el(
          'p',
          item.code === undefined ? 'not computable from this artifact' : `not computable: ${item.code}`,
        ),
      );
      return;
    }
    const width = item.lines ? Number.MAX_SAFE_INTEGER : 64;
    box.append(el('pre', escapeBytes(item.bytes, { width }), { class: 'bytes', 'data-signed': String(i) }));
    compareAgainst.append(new Option(item.title, String(i)));
  });
  compare();
}

function inspect() {
  const report = $('report');
  const verdict = $('verdict');
  verdict.replaceChildren();
  verdict.removeAttribute('data-code');
  $('stages').replaceChildren();
  $('signed').replaceChildren();
  $('note').textContent = '';
  report.hidden = false;
  const { kind, detected } = chosenKind();
  $('detected').textContent = detected
    ? kind === undefined
      ? 'not recognised: pick the kind'
      : `detected: ${kind.name}`
    : '';
  if (kind === undefined) {
    verdict.dataset.verdict = 'unknown';
    verdict.append(el('strong', 'Pick the kind of artifact'));
    return;
  }
  optionsBox.placeholder = kind.options;
  let options: Record<string, unknown> = {};
  try {
    if (optionsBox.value.trim() !== '') options = JSON.parse(optionsBox.value);
    const result = kind.inspect(artifactBox.value, options);
    showVerdict(verdict, result);
    if (result.note !== undefined) $('note').textContent = result.note;
    showStages(result);
    showSigned(result);
  } catch (error) {
    // A caller error (SeamError: a missing now, authority or key set) or options that are not JSON.
    verdict.dataset.verdict = 'error';
    verdict.append(el('strong', 'Cannot verify: '), el('span', (error as Error).message));
    verdict.append(el('p', `The options this verifier takes: ${kind.options}`));
  }
}

/** The bytes a person pasted: their UTF-8, or hex (whitespace ignored); null for bad hex. */
function pastedBytes(): Uint8Array | null {
  if (compareEncoding.value === 'text') return new TextEncoder().encode(compareBox.value);
  const digits = compareBox.value.replace(/\s+/g, '');
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(digits)) return null;
  return Uint8Array.from(digits.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}

/** Escaped bytes without escapeBytes' offset labels, for marking one byte inside a run. */
const run = (bytes: Uint8Array) =>
  escapeBytes(bytes, { width: Number.MAX_SAFE_INTEGER })
    .split('\n')
    .map((line) => line.replace(/^\s*\d+ {2}/, ''))
    .join('');

function windowOf(label: string, bytes: Uint8Array, start: number, offset: number): HTMLElement {
  const at = offset - start;
  const line = el('pre', '', { class: 'window' });
  line.append(
    el('span', `${label} `),
    el('span', run(bytes.subarray(0, at))),
    el('mark', at < bytes.length ? run(bytes.subarray(at, at + 1)) : '(ends)'),
    el('span', run(bytes.subarray(at + 1))),
  );
  return line;
}

function compare() {
  const out = $('difference');
  out.replaceChildren();
  delete out.dataset.offset;
  const item = signed[Number(compareAgainst.value)];
  if (item?.bytes == null || compareBox.value === '') return;
  const yours = pastedBytes();
  if (yours === null) {
    out.append(el('p', 'That is not hex: pairs of hex digits, whitespace allowed.'));
    return;
  }
  const difference = firstDifference(item.bytes, yours);
  if (difference === null) {
    out.dataset.offset = 'none';
    out.append(el('p', `Identical: the ${yours.length} bytes you signed are the bytes the verifier checks.`));
    return;
  }
  out.dataset.offset = String(difference.offset);
  out.append(
    el(
      'p',
      `First difference at byte ${difference.offset} (signed ${item.bytes.length} bytes, yours ${yours.length}).`,
    ),
    windowOf('verifier:', difference.a, difference.start, difference.offset),
    windowOf('yours:   ', difference.b, difference.start, difference.offset),
  );
}

$('inspect').addEventListener('click', inspect);
kindSelect.addEventListener('change', inspect);
compareBox.addEventListener('input', compare);
compareAgainst.addEventListener('change', compare);
compareEncoding.addEventListener('change', compare);
