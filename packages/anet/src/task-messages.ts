/**
 * The task messages that travel as the body of a sealed inner message (which the sender
 * signs): chat messages, status messages and results. Read strictly by their tables; a
 * result carries the provider's signed receipt, which is verified like any signed object
 * and, unless the caller opts out, bound to the task document of the request it answers.
 */
import { fail, missingOption, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import { type CborValue, cid, decodeObject } from '@agent-seam/coredet-cbor';
import { MAX_OBJECT_BYTES } from './limits.js';
import { MESSAGE_KINDS, type MessageKind, objectSchema, objectVersion, TASK_STATES } from './objects.js';
import {
  type ObjectCode,
  objectAnswers,
  objectSteps,
  type VerifiedObject,
  type VerifySignedObjectOptions,
} from './signed-object.js';
import { runAsync, runSync, type Steps } from './steps.js';

export const TASK_MESSAGE_CODES = [
  'not-bytes',
  'object-too-large',
  'bad-object-version',
  'bad-object',
  'bad-object-value',
] as const;
export type TaskMessageCode = (typeof TASK_MESSAGE_CODES)[number];

export interface TaskMessage {
  kind: MessageKind;
  version: 'v0.15' | 'v2';
  fields: Record<string, CborValue>;
}

const because = (r: { code: string; detail?: string }) => `${r.code}${r.detail ? `: ${r.detail}` : ''}`;

function messageRule(kind: MessageKind, fields: Record<string, CborValue>): string | null {
  if (kind === 'status' && !(TASK_STATES as readonly string[]).includes(fields.state as string))
    return 'the state is not an A2A task state';
  for (const [i, item] of ((fields.attachments as CborValue[] | undefined) ?? []).entries()) {
    const shape = attachmentShape(item);
    if (shape !== null) return `attachment ${i}: ${shape}`;
    const data = (item as Map<number, CborValue>).get(5);
    const cidText = (item as Map<number, CborValue>).get(4);
    if (data instanceof Uint8Array && cidText !== cid(data, { codec: 'raw' }).text)
      return `attachment ${i}: its cid is not the raw CID of its data`;
    if (data instanceof Uint8Array && (item as Map<number, CborValue>).get(3) !== data.length)
      return `attachment ${i}: its size is not its data's`;
  }
  return null;
}

/** An attachment's table {1: name, 2: media type, 3: size, 4: cid, 5: data (optional)}, closed; null when kept. */
function attachmentShape(item: CborValue): string | null {
  if (!(item instanceof Map)) return 'not a map';
  for (const key of item.keys())
    if (typeof key !== 'number' || key < 1 || key > 5) return 'a key the table does not name';
  const types: [number, string][] = [
    [1, 'string'],
    [2, 'string'],
    [3, 'number'],
    [4, 'string'],
  ];
  for (const [key, type] of types)
    if (typeof item.get(key) !== type) return `key ${key} is missing or of the wrong type`;
  if (item.has(5) && !(item.get(5) instanceof Uint8Array)) return 'key 5 is not bytes';
  return null;
}

/** Read a chat message, status message or result (its table and values). Never throws on the bytes. */
export function readTaskMessage(kind: MessageKind, bytes: unknown): Verdict<TaskMessage, TaskMessageCode> {
  if (!MESSAGE_KINDS.includes(kind))
    throw new SeamError('bad-argument', `no task message kind ${String(kind)}`);
  if (!(bytes instanceof Uint8Array)) return fail('not-bytes', 'the message is not a Uint8Array');
  if (bytes.length > MAX_OBJECT_BYTES)
    return fail('object-too-large', `${bytes.length} bytes, over ${MAX_OBJECT_BYTES}`);
  const version = objectVersion(bytes, kind);
  if (!version.ok) return version;
  const decoded = decodeObject(objectSchema(kind, version.value), bytes);
  if (!decoded.ok) return fail('bad-object', `the ${kind} table: ${because(decoded)}`);
  const { tag: _, ...fields } = decoded.value.fields;
  const broken = messageRule(kind, fields);
  if (broken !== null) return fail('bad-object-value', broken);
  return ok({ kind, version: version.value, fields });
}

export const RESULT_CODES = [...TASK_MESSAGE_CODES, 'bad-receipt', 'request-mismatch'] as const;
export type ResultCode = (typeof RESULT_CODES)[number] | ObjectCode;

export interface VerifiedResult {
  result: TaskMessage;
  receipt: VerifiedObject;
  binding: 'request-cid' | 'off-by-caller';
}

export interface VerifyResultOptions extends Omit<VerifySignedObjectOptions, 'kind'> {
  /** The CID of the task document your request carried (the receipt must name it), or 'off'. */
  requestCid: string | 'off';
}

function* resultSteps(
  bytes: unknown,
  options: VerifyResultOptions,
  context: Parameters<typeof objectSteps>[3],
): Steps<Verdict<VerifiedResult, ResultCode>> {
  const result = readTaskMessage('result', bytes);
  if (!result.ok) return result;
  const receipt = yield* objectSteps(result.value.fields.receipt, 'receipt', options.kel, context);
  if (!receipt.ok) return fail('bad-receipt', `the receipt it carries: ${because(receipt)}`);
  if (options.requestCid !== 'off' && receipt.value.fields.requestCid !== options.requestCid)
    return fail('request-mismatch', 'the receipt binds another task document than your request carried');
  return ok({
    result: result.value,
    receipt: receipt.value,
    binding: options.requestCid === 'off' ? 'off-by-caller' : 'request-cid',
  });
}

function resultContext(options: VerifyResultOptions) {
  if (options?.requestCid === undefined)
    throw missingOption(
      'verifyResult',
      'requestCid',
      "(the CID of your request's task document) to refuse a result for another request",
    );
  return objectAnswers({ ...options, kind: 'receipt' }, 'verifyResult');
}

/** A result and the provider's receipt in it, bound to your request's task document. */
export function verifyResult(
  bytes: unknown,
  options: VerifyResultOptions,
): Verdict<VerifiedResult, ResultCode> {
  const { context, answers } = resultContext(options);
  return runSync(resultSteps(bytes, options, context), answers);
}

export async function verifyResultAsync(
  bytes: unknown,
  options: VerifyResultOptions,
): Promise<Verdict<VerifiedResult, ResultCode>> {
  const { context, answers } = resultContext(options);
  return runAsync(resultSteps(bytes, options, context), answers);
}
