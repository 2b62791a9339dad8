import { defineObject, type ObjectSchema } from '../src/index.js';

/**
 * The two schemas the cbor.schema vectors are written against (named by the `schema`
 * field of each case). `envelope` has the must-understand 0-63 key space, one
 * retired key (8), one reserved key (7) and a field required only in mode 1.
 */
export const schemas: Record<string, ObjectSchema> = {
  envelope: defineObject({
    keySpace: 'must-understand-0-63',
    keys: {
      1: { name: 'v', type: 'uint', presence: 'required' },
      2: { name: 'to', type: 'text', presence: 'required' },
      3: { name: 'kid', type: 'bytes', presence: 'required' },
      4: { name: 'note', type: 'text', presence: 'optional' },
      5: { name: 'mode', type: 'uint', presence: 'required' },
      6: { name: 'pskId', type: 'bytes', presence: 'conditional', requiredWhen: (f) => f.mode === 1 },
    },
    retired: [8],
    reserved: [7],
  }),
  closed: defineObject({
    keySpace: 'closed',
    keys: {
      0: { name: 'type', type: 'text', presence: 'required' },
      1: { name: 'n', type: 'int', presence: 'required' },
    },
  }),
};
