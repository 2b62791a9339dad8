/**
 * The one module that reaches the packages. Each import names a package's public entry
 * point; when the verify-only subpaths land, each becomes `@agent-seam/<pkg>/verify`.
 * The page adds no verification logic and no check texts of its own: verdicts, check
 * lists and what-was-signed all come from here.
 */
export {
  type CheckResult,
  type CheckSpec,
  type Difference,
  escapeBytes,
  explainVerdict,
  firstDifference,
  hex,
  PARSE_CHECKS,
  parseJSON,
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
} from '@agent-seam/cardpub';
export {
  DEFAULT_MAX_LINE_BYTES,
  type ExportOptions,
  type ExportReport,
  ExportVerifier,
  explainReport,
  splitLines,
} from '@agent-seam/chain';
export { CBOR_DECODE_CHECKS, explainCbor } from '@agent-seam/coredet-cbor';
export { BOX_CHECKS, openBoxVerdict } from '@agent-seam/cryptobox';
export { ENVELOPE_CHECKS, envelopeSignedBytes, verifyEnvelope } from '@agent-seam/envelope';
export {
  CHECKPOINT_CHECKS,
  describeNote,
  NOTE_CHECKS,
  type NoteVerifier,
  openNote,
  parseCheckpoint,
  parseVerifierKey,
  VERIFIER_KEY_CHECKS,
} from '@agent-seam/tlog-note';
export { REQUEST_CHECKS, signatureBases, verifyRequest } from '@agent-seam/wba';
