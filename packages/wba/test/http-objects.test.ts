// Type-only: erased before the file runs, so this suite also runs in a browser.
import type { IncomingHttpHeaders } from 'node:http';
import { SeamError } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { thrownSeamError } from '../../../tools/thrown.ts';
import { combineFieldLines, signRequest, verifyRequest, verifyRequestAsync } from '../src/index.js';
import { jwks, keyid, NOW as now, seed } from './fixture.js';

const signed = signRequest({
  seed,
  authority: 'example.com',
  signatureAgent: 'https://bot.example',
  created: now,
  expires: now + 300,
});

describe('the header sources a server has', () => {
  it("Node's IncomingHttpHeaders type-checks and verifies (string[] values included)", () => {
    const headers: IncomingHttpHeaders = { ...signed, host: 'example.com', 'set-cookie': ['a=1', 'b=2'] };
    expect(verifyRequest({ replay: 'off', headers, authority: 'example.com', jwks, now })).toMatchObject({
      ok: true,
    });
  });

  it('a Fetch Headers, a Request with the configured authority, and a plain record agree', async () => {
    const request = new Request('http://upstream.internal:8080/page', { headers: signed });
    const verdicts = [
      verifyRequest({ replay: 'off', headers: signed, authority: 'example.com', jwks, now }),
      verifyRequest({ replay: 'off', headers: new Headers(signed), authority: 'example.com', jwks, now }),
      verifyRequest({ replay: 'off', request, authority: 'example.com', jwks, now }),
      await verifyRequestAsync({ replay: 'off', request, authority: 'example.com', jwks, now }),
    ];
    for (const verdict of verdicts) expect(verdict).toEqual(verdicts[0]);
    expect(verdicts[0]).toMatchObject({
      ok: true,
      value: { label: 'sig1', created: now, expires: now + 300 },
    });
  });

  it('a repeated field combines to the value a Fetch Headers gives for it', () => {
    const fetchHeaders = new Headers();
    fetchHeaders.append('x-a', ' one ');
    fetchHeaders.append('x-a', 'two\t');
    expect(combineFieldLines([' one ', 'two\t'])).toEqual({ ok: true, value: fetchHeaders.get('x-a') });
  });

  it('names that differ only in case are lines of one field, as a Headers built from the record sees them', () => {
    const record = { 'Signature-Input': signed['signature-input'], signature: signed.signature };
    const split = { ...record, 'signature-agent': 'sig1="https://bot.example"' };
    expect(
      verifyRequest({ replay: 'off', headers: split, authority: 'example.com', jwks, now }),
    ).toMatchObject({
      ok: true,
    });
    const twice = { ...split, SIGNATURE: signed.signature };
    // Two Signature lines combine into a dictionary holding sig1 twice.
    expect(
      verifyRequest({ replay: 'off', headers: twice, authority: 'example.com', jwks, now }),
    ).toMatchObject({
      code: 'duplicate-label',
    });
    expect(
      verifyRequest({ replay: 'off', headers: new Headers(twice), authority: 'example.com', jwks, now }),
    ).toMatchObject({
      code: 'duplicate-label',
    });
  });
});

describe('the authority', () => {
  it('a bad-signature detail names the covered components and the authority used, and where it came from', () => {
    const verdict = verifyRequest({
      replay: 'off',
      headers: signed,
      authority: 'www.example.com',
      jwks,
      now,
    });
    expect(verdict).toEqual({
      ok: false,
      code: 'bad-signature',
      detail:
        `the signature does not verify under key ${keyid} over ("@authority" "signature-agent";key="sig1") with @authority "www.example.com" ` +
        "(the caller's); a wrong authority is the common cause",
    });
    const request = new Request('https://www.example.com/', { headers: signed });
    const fromUrl = verifyRequest({ replay: 'off', request, authority: { fromRequestUrl: true }, jwks, now });
    expect(fromUrl.ok ? '' : fromUrl.detail).toContain('"www.example.com" (the host of the request URL)');
  });

  it('is taken from the request URL only when the caller asks', () => {
    const request = new Request('https://example.com/page', { headers: signed });
    expect(
      verifyRequest({ replay: 'off', request, authority: { fromRequestUrl: true }, jwks, now }),
    ).toMatchObject({
      ok: true,
    });
    // Without a request there is no URL to take it from; with headers only it is a caller error.
    expect(
      thrownSeamError(() =>
        verifyRequest({
          replay: 'off',
          headers: signed,
          authority: { fromRequestUrl: true },
          jwks,
          now,
        } as never),
      ).message,
    ).toMatch(/fromRequestUrl: true } needs a request/);
    expect(
      thrownSeamError(() =>
        verifyRequest({
          replay: 'off',
          headers: signed,
          request,
          authority: 'example.com',
          jwks,
          now,
        } as never),
      ).message,
    ).toMatch(/headers or a request, not both/);
    expect(() => verifyRequest({ replay: 'off', request, authority: 'a b', jwks, now })).toThrow(SeamError);
  });
});
