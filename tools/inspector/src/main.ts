import type { ExportMessage } from './export-worker.js';
import { detectKind, KINDS, type Kind, type Report, type Signed } from './kinds.js';
import {
  type CheckResult,
  type ExportReport,
  escapeBytes,
  explainReport,
  exportHeadline,
  firstDifference,
  unjudgedMembers,
} from './seam.js';

/** The page: read the inputs, ask the kind for its report, show it. Nothing leaves the page. */

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const kindSelect = $<HTMLSelectElement>('kind');
const artifactBox = $<HTMLTextAreaElement>('artifact');
const optionsBox = $<HTMLTextAreaElement>('options');
const compareBox = $<HTMLTextAreaElement>('compare');
const compareAgainst = $<HTMLSelectElement>('compare-against');
const compareEncoding = $<HTMLSelectElement>('compare-encoding');
const clockBox = $<HTMLInputElement>('now');

// The clock a verifier judges at: this browser's, shown and editable, never a silent default.
clockBox.value = String(Math.floor(Date.now() / 1000));
function showClock() {
  const text = clockBox.value.trim();
  const seconds = Number(text);
  $('now-shown').textContent =
    text === ''
      ? 'no clock: time will not be judged'
      : /^\d{1,15}$/.test(text)
        ? `= ${new Date(seconds * 1000).toISOString()}`
        : 'not whole Unix seconds';
}
showClock();
clockBox.addEventListener('input', showClock);

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

/** Why a member of an accepted value was not judged, in a reader's terms. */
function notJudged(path: string): string {
  if (/(^|\.)replay$/.test(path))
    return 'replay cannot be judged in a page: it keeps no record of what it has seen (a receiver needs a replay store)';
  if (/(^|\.)(time|freshness|clock)$/.test(path))
    return 'time not judged: no clock (fill in your clock above)';
  if (/(^|\.)pins?$/.test(path))
    return 'key event log pins not kept: a page remembers no log between inspections (a rollback cannot be judged)';
  return `${path}: not judged`;
}

function showVerdict(verdict: HTMLElement, report: Report) {
  const v = report.verdict;
  const unjudged = v.ok ? unjudgedMembers(v.value) : [];
  verdict.dataset.verdict = v.ok ? (unjudged.length === 0 ? 'accept' : 'unjudged') : 'refuse';
  if (v.ok && unjudged.length === 0) {
    verdict.append(el('strong', 'Accepted'));
  } else if (v.ok) {
    // Never "Accepted" for what was not judged: the signature holds, the rest is said.
    verdict.append(el('strong', 'Signature valid, NOT everything judged'));
    const list = el('ul', '', { id: 'unjudged' });
    for (const path of unjudged) list.append(el('li', notJudged(path), { 'data-member': path }));
    verdict.append(list);
  } else {
    verdict.dataset.code = v.code;
    verdict.append(el('strong', 'Refused: '), el('code', v.code, { class: 'code' }));
    if (v.detail !== undefined) verdict.append(el('span', ` (${v.detail})`));
  }
}

/** Checks in the package's order, each with its outcome, title and refusal code. */
function checksTable(checks: readonly CheckResult[]): HTMLElement {
  const table = el('table', '', { class: 'checks' });
  const head = el('tr');
  head.append(...['outcome', 'check', 'what it checks', 'code'].map((h) => el('th', h)));
  table.append(head);
  for (const check of checks) {
    const row = el('tr', '', { 'data-check': check.id, 'data-outcome': check.outcome });
    row.append(
      el('td', check.outcome, { class: `outcome ${check.outcome}` }),
      el('td', check.id),
      el('td', check.detail === undefined ? check.title : `${check.title}: ${check.detail}`),
      el('td', check.code ?? '', { class: 'code' }),
    );
    table.append(row);
  }
  return table;
}

function showStages(report: Report) {
  for (const stage of report.stages) $('stages').append(el('h2', stage.title), checksTable(stage.checks));
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
    const clock = clockBox.value.trim();
    // A text that is not whole seconds reaches the verifier as is: it says what is wrong.
    if (kind.clock && options.now === undefined && clock !== '')
      options.now = /^\d+$/.test(clock) ? Number(clock) : clock;
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

/** A table of rows of text cells, the first row the header. */
function table(rows: string[][], attributes: Record<string, string> = {}): HTMLElement {
  const out = el('table', '', { class: 'checks', ...attributes });
  rows.forEach((cells, i) => {
    const row = el('tr');
    row.append(...cells.map((cell) => el(i === 0 ? 'th' : 'td', cell)));
    out.append(row);
  });
  return out;
}

/** The report of chain's export reader, every part of it, in the reader's own words. */
function showExportReport(report: ExportReport) {
  const out = $('export-report');
  // Sound is green only when every step established something: a step that checked
  // nothing (no record keys, no outside checkpoint) leaves it amber, and the line says what.
  const established = report.steps.every((step) => step.outcome !== 'not-checked');
  const verdict = el('div', '', {
    id: 'export-verdict',
    'data-status': report.status,
    'data-established': established ? 'all' : 'partly',
  });
  verdict.append(el('strong', exportHeadline(report)), el('span', ` (${report.kind ?? 'no header read'})`));
  out.append(verdict, el('h3', 'Steps of the export reader'));
  out.append(Object.assign(checksTable(explainReport(report)), { id: 'export-steps' }));
  const counts: [string, unknown][] = [
    ['runs', report.runs],
    ['records', report.records],
    ['cases', report.cases],
    ['sealed runs', report.sealedRuns],
    ['open runs', report.openRuns],
    ['log size', report.logSize],
    ['leaves proven', report.provenLeaves],
    ['record signatures verified', report.recordSignaturesVerified],
    ['lines', report.lines],
    ['bytes', report.bytes],
  ];
  out.append(
    table(
      [['count', 'value'], ...counts.filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)])],
      { id: 'export-counts' },
    ),
  );
  out.append(el('h3', `Findings (${report.findings.length})`));
  if (report.findings.length > 0)
    out.append(
      table(
        [
          ['code', 'line', 'run', 'message'],
          ...report.findings.map((f) => [
            f.code,
            f.line === undefined ? '' : String(f.line),
            f.run ?? '',
            f.message,
          ]),
        ],
        { id: 'export-findings' },
      ),
    );
  out.append(el('h3', `Not checked (${report.notChecked.length})`));
  if (report.notChecked.length > 0)
    out.append(table([['code', 'message'], ...report.notChecked.map((n) => [n.code, n.message])]));
  for (const [title, list] of [
    ['Anchors', report.anchors],
    ['Grader verdicts', report.graderVerdicts],
    ['Witnesses', report.witnesses],
    ['Members this reader does not know', report.unaccounted],
  ] as const)
    if (list.length > 0) out.append(el('h3', title), el('pre', JSON.stringify(list, null, 2)));
}

let worker: Worker | null = null;
const megabytes = (n: number) => (n / 1e6).toFixed(1);

function verifyExportFile(file: File) {
  worker?.terminate();
  $('report').hidden = true;
  $('export').hidden = false;
  const out = $('export-report');
  out.replaceChildren();
  const progress = $<HTMLProgressElement>('export-progress');
  progress.max = Math.max(file.size, 1);
  progress.value = 0;
  const rate = $('export-rate');
  rate.textContent = `reading ${file.name}`;
  let options: Record<string, unknown> = {};
  try {
    if (optionsBox.value.trim() !== '') options = JSON.parse(optionsBox.value);
  } catch (error) {
    out.append(el('p', `Cannot verify: the options are not JSON (${(error as Error).message})`));
    return;
  }
  const current = new Worker('export-worker.js', { type: 'module' });
  worker = current;
  current.onmessage = (event: MessageEvent<ExportMessage>) => {
    const message = event.data;
    if (message.type === 'error') {
      out.append(el('p', `Cannot verify: ${message.message}`, { id: 'export-error' }));
      current.terminate();
      return;
    }
    progress.value = message.bytes;
    const perSecond = message.seconds > 0 ? Math.round(message.lines / message.seconds) : 0;
    rate.textContent = `${megabytes(message.bytes)} of ${megabytes(file.size)} MB, ${message.lines} lines, ${perSecond} lines/s`;
    rate.dataset.bytes = String(message.bytes);
    if (message.type === 'report') {
      rate.textContent += `, done in ${message.seconds.toFixed(1)} s`;
      showExportReport(message.report);
      current.terminate();
    }
  };
  current.postMessage({ file, options });
}

/** An export's first line names an agentplane frame kind; anything else is an artifact to paste. */
async function openFile(file: File) {
  // What an earlier file showed goes at once, before this one is read.
  worker?.terminate();
  $('export-report').replaceChildren();
  delete $('export-rate').dataset.bytes;
  const head = new TextDecoder().decode(await file.slice(0, 256).arrayBuffer());
  if (head.includes('"agentplane.')) {
    verifyExportFile(file);
    return;
  }
  $('export').hidden = true;
  artifactBox.value = await file.text();
  inspect();
}

const fileInput = $<HTMLInputElement>('file');
fileInput.addEventListener('change', () => {
  const file = fileInput.files?.[0];
  if (file !== undefined) void openFile(file);
});
document.addEventListener('dragover', (event) => event.preventDefault());
document.addEventListener('drop', (event) => {
  event.preventDefault();
  const file = event.dataTransfer?.files[0];
  if (file !== undefined) void openFile(file);
});
