/**
 * The one module that reaches the packages, each through its verify-only entry point
 * (`@agent-seam/<pkg>/verify`, `/open`, `/decode`: no signing code reaches the page).
 * The page adds no verification logic and no check texts of its own: verdicts, check
 * lists and what-was-signed all come from here.
 */
export {
  RELAY_CHECKS,
  relayPreimageV2,
  requestDigest,
  SIGNED_OBJECT_CHECKS,
  verifyHubRequest,
  verifySignedObject,
} from '@agent-seam/anet/verify';
export {
  anetSenderKeyResolver,
  KEL_CHECKS,
  type ReplayedKel,
  replayKel,
} from '@agent-seam/anet-identity/verify';
export {
  type CheckResult,
  type CheckSpec,
  type Difference,
  escapeBytes,
  explainVerdict,
  firstDifference,
  hex,
  ok,
  PARSE_CHECKS,
  parseJSON,
  unjudgedMembers,
  type Verdict,
} from '@agent-seam/canonical';
export {
  A2A_CHECKS,
  a2aSigningInput,
  CARD_ENVELOPE_CHECKS,
  cardEnvelopeSignedBytes,
  DOMAIN_LINKAGE_CHECKS,
  domainLinkageSigningInput,
  verifyA2ACard,
  verifyCardEnvelope,
  verifyDomainLinkage,
} from '@agent-seam/cardpub/verify';
export {
  DEFAULT_MAX_LINE_BYTES,
  type ExportOptions,
  type ExportReport,
  ExportVerifier,
  explainReport,
  exportHeadline,
  splitLines,
} from '@agent-seam/chain/verify';
export { CBOR_DECODE_CHECKS, explainCbor } from '@agent-seam/coredet-cbor/decode';
export { BOX_CHECKS, openBoxVerdict } from '@agent-seam/cryptobox/open';
export { ENVELOPE_CHECKS, envelopeSignedBytes, verifyEnvelope } from '@agent-seam/envelope/verify';
export {
  keyRingOf,
  type OpenedEnvelope,
  type OpenedEnvelopeV1,
  openEnvelope,
  openEnvelopeV1,
  SEALED_ENVELOPE_CHECKS,
  SEALED_ENVELOPE_V1_CHECKS,
} from '@agent-seam/hpke-seal/open';
export {
  CHECKPOINT_CHECKS,
  describeNote,
  NOTE_CHECKS,
  type NoteVerifier,
  openNote,
  parseCheckpoint,
  parseVerifierKey,
  VERIFIER_KEY_CHECKS,
} from '@agent-seam/tlog-note/verify';
export { parseTlogProof, TLOG_PROOF_CHECKS, verifyTlogProof } from '@agent-seam/tlog-tiles/verify';
export {
  DIRECTORY_CHECKS,
  REQUEST_CHECKS,
  signatureBases,
  verifyDirectory,
  verifyRequest,
} from '@agent-seam/wba/verify';
