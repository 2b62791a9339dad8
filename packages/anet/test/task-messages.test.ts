import { type CborKey, type CborValue, cid } from '@agent-seam/coredet-cbor';
import { describe, expect, it } from 'vitest';
import { thrownSeamError } from '../../../tools/thrown.ts';
import { encodeAnetObject, type MessageKind, readTaskMessage, verifyResult } from '../src/index.js';
import { MAX_OBJECT_BYTES } from '../src/limits.js';
import { AGENT_KEL, NOW, utf8 } from './fixture.js';
import { judgeRefusal } from './object-vectors.js';

/**
 * The task messages' rules at their edges (readTaskMessage, verifyResult): the detail of every
 * refusal of the anet.messages vectors written out, an attachment's table key by key, the size
 * bound, and the options.
 */
const ABC = utf8('abc');
const ABC_CID = cid(ABC, { codec: 'raw' }).text;
/** A chat message of one attachment: name, media type, size 3 and the CID of "abc", then `edit`. */
function chat(edit: (attachment: Map<CborKey, CborValue>) => void = () => undefined, attachment?: CborValue) {
  const item = new Map<CborKey, CborValue>([
    [1, 'a.txt'],
    [2, 'text/plain'],
    [3, 3],
    [4, ABC_CID],
    [5, ABC],
  ]);
  edit(item);
  return encodeAnetObject('message', 'v2', {
    kind: 'text',
    seq: 1,
    sentAt: NOW,
    attachments: [attachment ?? item],
  });
}
const attachmentRefused = (bytes: Uint8Array, detail: string) =>
  expect(readTaskMessage('message', bytes)).toEqual({
    ok: false,
    code: 'bad-object-value',
    detail: `attachment 0: ${detail}`,
  });

describe('the detail of every anet.messages refusal, as a person reads it', () => {
  const DETAILS: Record<string, string> = {
    'message-is-hex-text': 'the message is not a Uint8Array',
    'status-tag-on-a-message': 'key 0 is not anet.message/2',
    'status-without-ts': 'the status table: missing-field: field ts is missing',
    'status-state-unknown': 'the state is not an A2A task state',
    'attachment-cid-of-other-bytes': 'attachment 0: its cid is not the raw CID of its data',
    'attachment-with-key-6': 'attachment 0: a key the table does not name',
    'receipt-for-another-request': 'the receipt binds another task document than your request carried',
    'receipt-signature-flipped':
      'the receipt it carries: bad-object-sig: the signature does not verify over the receipt bytes under the key of state 1 (bad-signature)',
    'result-without-receipt': 'the result table: missing-field: field receipt is missing',
  };
  // why: task-messages.ts details (StringLiteral mutants at 35, 39, 42, 46, 57:63, 74, 80, 109, 111)
  for (const [name, detail] of Object.entries(DETAILS))
    it(name, () => expect(judgeRefusal('anet.messages', name)).toMatchObject({ ok: false, detail }));
});

describe('an attachment, key by key', () => {
  it('the chat message these cases edit is kept', () =>
    expect(readTaskMessage('message', chat()).ok).toBe(true));
  it('an attachment that is not a map is refused', () =>
    // why: task-messages.ts:55:7 !(item instanceof Map) → false; 55 NoCoverage string
    attachmentRefused(chat(undefined, 5), 'not a map'));
  it('an attachment with key 0, or a text key, names a key the table does not name', () => {
    // why: task-messages.ts:57:9 each part → false, || → &&
    attachmentRefused(
      chat((a) => a.set(0, 'x')),
      'a key the table does not name',
    );
    attachmentRefused(
      chat((a) => a.set('name', 'x')),
      'a key the table does not name',
    );
  });
  it('a name, media type, size or cid of the wrong type is refused by its key', () => {
    // why: task-messages.ts:58:37 the types → []; 65:9 typeof → false; 65 NoCoverage string
    attachmentRefused(
      chat((a) => a.set(1, 7)),
      'key 1 is missing or of the wrong type',
    );
    attachmentRefused(
      chat((a) => a.delete(2)),
      'key 2 is missing or of the wrong type',
    );
    attachmentRefused(
      chat((a) => a.set(3, '3')),
      'key 3 is missing or of the wrong type',
    );
    attachmentRefused(
      chat((a) => a.set(4, 7)),
      'key 4 is missing or of the wrong type',
    );
  });
  it('data (key 5) that is not bytes is refused', () =>
    // why: task-messages.ts:66:7 → false; 66 NoCoverage string
    attachmentRefused(
      chat((a) => a.set(5, 'abc')),
      'key 5 is not bytes',
    ));
  it('a size that is not the data’s is refused', () =>
    // why: task-messages.ts:47:9 → false; 48 NoCoverage string
    attachmentRefused(
      chat((a) => a.set(3, 4)),
      "its size is not its data's",
    ));
});

describe('the size bound and the kinds', () => {
  it(`a message of ${MAX_OBJECT_BYTES + 1} bytes is refused by its size; of ${MAX_OBJECT_BYTES}, read`, () => {
    const bytes = new Uint8Array(MAX_OBJECT_BYTES + 1);
    // why: task-messages.ts:75:7 → false, > → >=; 76 NoCoverage strings
    expect(readTaskMessage('status', bytes)).toEqual({
      ok: false,
      code: 'object-too-large',
      detail: `${MAX_OBJECT_BYTES + 1} bytes, over ${MAX_OBJECT_BYTES}`,
    });
    expect(readTaskMessage('status', bytes.subarray(1))).toMatchObject({ ok: false, code: 'bad-object' });
  });
  it('a kind that is no task message kind is the caller’s error', () =>
    // why: task-messages.ts:72:7 → false; 73 NoCoverage strings
    expect(() => readTaskMessage('receipt' as MessageKind, chat())).toThrow(
      expect.objectContaining({
        code: 'bad-argument',
        message: 'bad-argument: no task message kind receipt',
      }),
    ));
});

describe('the options of verifyResult', () => {
  it('without options, or without requestCid, it says to name the request', () => {
    const message =
      "missing-option: verifyResult needs requestCid (the CID of your request's task document) to refuse a result for another request; to leave that unjudged, pass requestCid: 'off'";
    // why: task-messages.ts:120:7 options?.requestCid → options.requestCid; 122:7, 124:7 the texts
    expect(() => verifyResult(chat(), undefined as never)).toThrow(
      expect.objectContaining({ code: 'missing-option', message }),
    );
    expect(() => verifyResult(chat(), { kel: AGENT_KEL, now: new Date(NOW), pins: 'off' } as never)).toThrow(
      message,
    );
  });
  it('the identity options are named for verifyResult', () =>
    // why: task-messages.ts:126:57 'verifyResult' → ""
    expect(
      thrownSeamError(() =>
        verifyResult(chat(), { kel: AGENT_KEL, now: new Date(NOW), requestCid: 'off' } as never),
      ).message,
    ).toMatch(/^missing-option: verifyResult needs pins /));
});
