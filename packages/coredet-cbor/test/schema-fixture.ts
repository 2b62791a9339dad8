// The two schemas the cbor.schema vectors are written against (named by the `schema` field
// of each case): the ones the harness's op handlers read them with (spec/harness.md).
export { SCHEMAS as schemas } from '../../cli/src/conformance/ops/cbor.js';
