/**
 * The objects of ANet's delegation and payment packages, as integer-keyed CoreDet maps.
 * Key tables come from ANet's own vectors (FACTS 3, `extracted_vectors.json`: receipts,
 * reviews, payment authorizations, receipts and vouchers, chat and status messages,
 * results); where no vector shows a table (the delegate request, the ledger event) the
 * layout is DECIDED in spec/anet.md. A version-2 object carries its type tag at key 0,
 * the domain-separation label its signature starts with; a v0.15 object has no key 0.
 */
import { fail, ok, type Verdict } from '@agent-seam/canonical';
import { decodeEntries, defineObject, type FieldSpec, type ObjectSchema } from '@agent-seam/coredet-cbor';

/** The objects that travel signed, in an AObj wire form {1: object, 2: envelope}. */
export const SIGNED_KINDS = [
  'receipt',
  'review',
  'delegate',
  'payment-authorization',
  'payment-receipt',
  'voucher',
  'ledger-event',
] as const;
export type SignedKind = (typeof SIGNED_KINDS)[number];

/** The task messages that travel unsigned, as the body of a sealed (signed) inner message. */
export const MESSAGE_KINDS = ['message', 'status', 'result'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export type ObjectKind = SignedKind | MessageKind;

type Fields = Record<number, FieldSpec>;
const req = (name: string, type: FieldSpec['type']): FieldSpec => ({ name, type, presence: 'required' });
const opt = (name: string, type: FieldSpec['type']): FieldSpec => ({ name, type, presence: 'optional' });

export interface KindSpec {
  /** Key 0 of the version-2 form. */
  tag: string;
  fields: Fields;
  /** The field that names the signer's AID (the envelope's signer must equal it); none: the caller names it. */
  signerField?: string;
  /** The field that says when the object was signed (Unix ms); none: the verifier's clock. */
  timeField?: string;
}

export const KIND_SPECS: Readonly<Record<ObjectKind, KindSpec>> = {
  receipt: {
    tag: 'anet.receipt/2',
    fields: {
      1: req('interaction', 'text'),
      2: req('requester', 'text'),
      3: req('provider', 'text'),
      4: req('requestCid', 'text'),
      5: req('resultCid', 'text'),
      6: req('completedAt', 'uint'),
    },
    signerField: 'provider',
    timeField: 'completedAt',
  },
  review: {
    tag: 'anet.review/2',
    fields: {
      1: req('interaction', 'text'),
      2: req('subject', 'text'),
      3: req('reviewer', 'text'),
      4: req('rating', 'uint'),
      5: req('comment', 'text'),
      6: req('receiptCid', 'text'),
      7: req('createdAt', 'uint'),
    },
    signerField: 'reviewer',
    timeField: 'createdAt',
  },
  delegate: {
    tag: 'anet.delegate/2',
    fields: {
      1: req('interaction', 'text'),
      2: req('requester', 'text'),
      3: req('provider', 'text'),
      4: req('skill', 'text'),
      5: req('task', 'bytes'),
      6: req('createdAt', 'uint'),
      7: opt('contextId', 'text'),
      8: opt('metadata', 'bytes'),
    },
    signerField: 'requester',
    timeField: 'createdAt',
  },
  'payment-authorization': {
    tag: 'anet.payauth/2',
    fields: {
      1: req('payer', 'text'),
      2: req('payTo', 'text'),
      3: req('amount', 'uint'),
      4: req('network', 'text'),
      5: req('nonce', 'text'),
      6: req('validAfter', 'uint'),
      7: req('validBefore', 'uint'),
      8: req('interaction', 'text'),
    },
    signerField: 'payer',
    timeField: 'validAfter',
  },
  'payment-receipt': {
    tag: 'anet.payreceipt/2',
    fields: {
      1: req('authId', 'text'),
      2: req('payer', 'text'),
      3: req('payTo', 'text'),
      4: req('amount', 'uint'),
      5: req('network', 'text'),
      6: req('settleAt', 'uint'),
    },
    timeField: 'settleAt',
  },
  voucher: {
    tag: 'anet.voucher/2',
    fields: {
      1: req('authId', 'text'),
      2: req('payer', 'text'),
      3: req('payTo', 'text'),
      4: req('capability', 'text'),
      5: req('amount', 'uint'),
      6: req('network', 'text'),
      7: req('notAfter', 'uint'),
      8: req('nonce', 'text'),
    },
    signerField: 'payer',
  },
  'ledger-event': {
    tag: 'anet.ael/2',
    fields: {
      1: req('prevId', 'text'),
      2: req('seq', 'uint'),
      3: req('type', 'text'),
      4: req('body', 'bytes'),
      5: req('ts', 'uint'),
      6: req('actor', 'text'),
    },
    signerField: 'actor',
    timeField: 'ts',
  },
  message: {
    tag: 'anet.message/2',
    fields: {
      1: req('kind', 'text'),
      2: opt('text', 'text'),
      3: opt('attachments', 'array'),
      4: req('seq', 'uint'),
      5: req('sentAt', 'uint'),
      6: opt('state', 'text'),
      7: opt('startedAt', 'uint'),
      9: opt('contextId', 'text'),
      10: opt('metadata', 'bytes'),
    },
  },
  status: {
    tag: 'anet.status/2',
    fields: {
      1: req('state', 'text'),
      2: opt('message', 'text'),
      3: opt('metadata', 'bytes'),
      4: req('ts', 'uint'),
    },
  },
  result: {
    tag: 'anet.result/2',
    fields: {
      1: req('status', 'text'),
      2: req('deliverable', 'bytes'),
      3: req('receipt', 'bytes'),
      4: opt('contextId', 'text'),
      5: opt('metadata', 'bytes'),
    },
  },
};

/** The A2A task states a status message may carry (ANetCore v0.15 ValidStatusState). */
export const TASK_STATES = [
  'submitted',
  'working',
  'input-required',
  'auth-required',
  'completed',
  'canceled',
  'failed',
  'rejected',
] as const;

function schemaOf(spec: KindSpec, version: 'v0.15' | 'v2'): ObjectSchema {
  const keys: Fields = version === 'v2' ? { 0: req('tag', 'text'), ...spec.fields } : { ...spec.fields };
  return defineObject({ keys, keySpace: 'closed' });
}

const SCHEMAS = Object.fromEntries(
  Object.entries(KIND_SPECS).map(([kind, spec]) => [
    kind,
    { 'v0.15': schemaOf(spec, 'v0.15'), v2: schemaOf(spec, 'v2') },
  ]),
) as Record<ObjectKind, Record<'v0.15' | 'v2', ObjectSchema>>;

/** The table of a kind in a version. */
export const objectSchema = (kind: ObjectKind, version: 'v0.15' | 'v2'): ObjectSchema =>
  SCHEMAS[kind][version];

/**
 * An object's version by its key 0: absent is v0.15, the kind's tag is version 2, anything
 * else (another kind's tag, another version) is refused. Bytes that do not decode are left
 * to the table check.
 */
export function objectVersion(
  bytes: Uint8Array,
  kind: ObjectKind,
): Verdict<'v0.15' | 'v2', 'bad-object-version'> {
  const entries = decodeEntries(bytes);
  const tag = entries.ok ? entries.value.find((e) => e.key === 0) : undefined;
  if (tag === undefined) return ok('v0.15');
  if (tag.value !== KIND_SPECS[kind].tag)
    return fail('bad-object-version', `key 0 is not ${KIND_SPECS[kind].tag}`);
  return ok('v2');
}
