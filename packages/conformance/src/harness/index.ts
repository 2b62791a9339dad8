// The seam harness (spec/harness.md): the protocol's messages, one op replayer per group,
// the in-process implementation shape and the runner. Pure: the stdio client is in stdio.node.ts.
export {
  type GroupCheck,
  groupChecks,
  type LedgerGroupOptions,
  ledgerGroup,
  packageImplementation,
  type TestRegistrar,
} from './checks.js';
export { formatHarness } from './format.js';
export { type OpenedV2Fields, openedV2Value } from './groups/hpke.js';
export { OP_GROUPS, opGroup } from './groups/index.js';
export {
  type Identity,
  type Implementation,
  inProcess,
  type OpHandler,
  type OpTable,
} from './implementation.js';
export {
  type Answer,
  disagreement,
  type Expected,
  type Hello,
  type Outcome,
  PROTOCOL_VERSION,
  type Request,
  readAnswer,
  readHello,
  sortedJson,
} from './protocol.js';
export { type CaseSteps, type OpGroup, type OpReplayer, type Step, textHex, toHex } from './replay.js';
export {
  askCase,
  type CaseVerdict,
  groupValue,
  type HarnessGroup,
  type HarnessReport,
  idCounter,
  ProtocolBreak,
  runHarness,
  type VectorDoc,
} from './run.js';
