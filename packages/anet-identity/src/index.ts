// Everything a verifier needs is the verify-only entry; the root adds the signing side.

export * from './verify-only.js';
export {
  type EventInput,
  encodeEvent,
  encodeKel,
  encodeKeySet,
  eventId,
  type InceptionInput,
  KelWriter,
  type KeySetInput,
  type NoticeInput,
  nextKeyDigest,
  type RotationInput,
  signEvent,
  signKeySet,
  signNotice,
} from './write.js';
