import { DEFAULT_MAX_BLOB_CHARS, openBoxVerdict } from '@agent-seam/cryptobox';
import { describe, expect, it } from 'vitest';

/**
 * A 100 MB box (issue 15, resource bounds): refused from its length before it is
 * decoded. The text is not base64 either ('!'), which a decoder reading it would refuse.
 */
describe('a hostile box is refused from its length alone', () => {
  const keys = {
    recipientSeed: new Uint8Array(32).fill(9),
    senderPub: new Uint8Array(32).fill(1),
    ad: new Uint8Array(),
  };
  it('100 MB is too-large; the limit is DEFAULT_MAX_BLOB_CHARS (4 MiB of base64), configurable', () => {
    const huge = '!'.repeat(100_000_000);
    expect(openBoxVerdict({ ...keys, blob: huge })).toMatchObject({ ok: false, code: 'too-large' });
    expect(openBoxVerdict({ ...keys, blob: huge.slice(0, DEFAULT_MAX_BLOB_CHARS + 1) })).toMatchObject({
      ok: false,
      code: 'too-large',
    });
    const read = openBoxVerdict({ ...keys, blob: huge.slice(0, 64) });
    expect(read.ok).toBe(false);
    expect(read).not.toMatchObject({ code: 'too-large' });
    expect(openBoxVerdict({ ...keys, blob: huge.slice(0, 64), maxChars: 63 })).toMatchObject({
      code: 'too-large',
    });
  });
});
