import { hex, unwrap } from '@agent-seam/canonical';
import { loadVectors } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { seam, workdir } from './run.js';

const file = loadVectors<any>('anet_identity.json');
const kels = file['anet.kel'];
const resolver = file['anet.resolver'];
const nowSeconds = String(kels.nowMs / 1000);
const agent = kels.accept.find((c: any) => c.name === 'agent-named-witness-then-scheduled-rotation');
const bytes = (text: string) => unwrap(hex.decode(text));

describe('seam kel show / verify', () => {
  const dir = workdir({
    'agent.kel': bytes(agent.kel),
    'agent.hex': agent.kel,
    'bad.kel': bytes(kels.refuse.find((c: any) => c.name === 'agent-first-rotation-names-none').kel),
  });

  it('show prints the state table, one row per event, from raw bytes or hex', async () => {
    for (const path of ['agent.kel', 'agent.hex']) {
      const r = await seam(dir, ['kel', 'show', path, '--now', nowSeconds]);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`AID      ${agent.aid}`);
      expect(r.stdout).toContain(`version  anet.kel/2, agent, witness ${agent.witness}`);
      const rows = r.stdout.split('\n').filter((l) => /^[0-9]+ /.test(l));
      expect(rows.map((l) => l.split(/ +/).slice(0, 3))).toEqual([
        ['0', 'icp', 'rotated'],
        ['1', 'rot', 'rotated'],
        ['2', 'rot', 'active'],
      ]);
      expect(rows[1]).toContain('rotation');
    }
  });

  it('verify explains a refusal at its check', async () => {
    const r = await seam(dir, ['kel', 'verify', 'bad.kel', '--now', nowSeconds]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^refused \[bad-witness\]: version 2: the kind the inception fixed/);
    expect(r.stdout).toMatch(/REFUSED +witness /);
  });

  it('verify --json gives the states', async () => {
    const r = await seam(dir, ['kel', 'verify', 'agent.kel', '--now', nowSeconds, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).value.states.map((s: any) => s.status)).toEqual([
      'rotated',
      'rotated',
      'active',
    ]);
  });

  it('without --now: a usage error naming it', async () => {
    expect(await seam(dir, ['kel', 'show', 'agent.kel'])).toMatchObject({ code: 2 });
  });
});

describe('seam seal open with the key history the message carries', () => {
  const accepted = resolver.accept.find((c: any) => c.name === 'current-key');
  const expired = resolver.refuse.find(
    (c: any) => c.name === 'rotated-out-key-one-hour-and-1-ms-after-the-rotation',
  );
  const dir = workdir({
    'epoch.seed': resolver.recipientIkm,
    'current.bin': bytes(accepted.envelope),
    'expired.bin': bytes(expired.envelope),
  });
  const witness = `${resolver.witness}=${Buffer.from(bytes(resolver.witnessKey)).toString('base64')}`;
  const open = (path: string, nowMs: number, ...more: string[]) =>
    seam(dir, [
      'seal',
      'open',
      path,
      '--aid',
      resolver.recipient,
      '--seed-file',
      'epoch.seed',
      '--now',
      String(Math.ceil(nowMs / 1000)),
      '--no-replay-check',
      '--no-capabilities',
      ...more,
    ]);

  it('opens a v2 envelope with --witness-key', async () => {
    const r = await open('current.bin', resolver.nowMs, '--witness-key', witness);
    expect(r).toMatchObject({ code: 0, stdout: 'anet identity vector current' });
    // What the command line waived is said on stderr, never silently.
    expect(r.stderr).toContain('replay NOT checked: --no-replay-check waives it');
    expect(r.stderr).toContain("capabilities NOT accepted: --no-capabilities (mailbox: 'off')");
  });
  it('without the witness key the notice is refused', async () => {
    const r = await open('current.bin', resolver.nowMs);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^refused \[bad-notice\]/);
  });
  it('--accepted-at one second past the hour after the rotation: rotation-grace-expired', async () => {
    const r = await open(
      'expired.bin',
      expired.nowMs,
      '--witness-key',
      witness,
      '--accepted-at',
      // Whole seconds on the command line: one second past the hour.
      String(Math.ceil(expired.acceptedAtMs / 1000)),
    );
    expect(r).toMatchObject({ code: 1, stderr: '' });
    expect(r.stdout).toMatch(/^refused \[rotation-grace-expired\]/);
  });
});
