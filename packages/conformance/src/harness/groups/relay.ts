import { type Case, each, given, type OpGroup, refusal, step, value } from '../replay.js';

// The relay's deposit signatures and listen tokens (@agent-seam/envelope) as questions
// (spec/harness.md, "relay").
const pkg = '@agent-seam/envelope';

const SEND = ['to', 'from', 'id', 'blob'] as const;
const CLAIM = ['did', 'minute', 'relayUrl'] as const;

/** The members of a case that it has (null included: a wrong type is a case's point). */
const members = (c: Case, names: readonly string[]) =>
  Object.fromEntries(names.filter((k) => k in c).map((k) => [k, c[k]]));

/** A listen claim's message and its relay's origin, made from the case. */
const listenMade = (c: Case) => [
  step('relay.origin', { relayUrl: c.relayUrl }, value(c.origin)),
  step('relay.listenTokenMessage', members(c, CLAIM), value(c.listenTokenMsg)),
];

export const relayGroups: OpGroup[] = [
  {
    file: 'wire_vectors.json',
    group: 'relay',
    pkg,
    // Deposits and listen tokens made from seed A and read back; refusals judged for their
    // code (their clock off unless they carry one); fresh tokens judged at their `now`.
    replay: (g: Case) => [
      ...each(
        g.send,
        'accept',
        (c) => [
          step('relay.sendMessage', { send: members(c, SEND) }, value(c.sendSigMsg)),
          step('relay.signSend', { send: members(c, SEND), seedHex: g.seedA }, value(c.sig)),
          step('relay.verifySend', { send: members(c, SEND), sig: c.sig }, value(true)),
        ],
        'send/',
      ),
      ...each(
        g.listen,
        'accept',
        (c) => [
          ...listenMade(c),
          step('relay.signListenToken', { ...members(c, CLAIM), seedHex: g.seedA }, value(c.token)),
          step(
            'relay.verifyListenToken',
            { token: c.token, ...members(c, CLAIM), now: 'off' },
            value({ freshness: 'off-by-caller' }),
          ),
        ],
        'listen/',
      ),
      ...each(
        g.reject,
        'refuse',
        (c) => [
          c.kind === 'send'
            ? step(
                'relay.verifySend',
                { send: 'input' in c ? c.input : members(c, SEND), sig: c.sig },
                refusal(c.code),
              )
            : step(
                'relay.verifyListenToken',
                { token: c.token, ...members(c, CLAIM), ...given(c, ['maxSkew']), now: c.now ?? 'off' },
                refusal(c.code),
              ),
        ],
        'reject/',
      ),
      ...each(
        g.fresh,
        'accept',
        (c) => [
          ...listenMade(c),
          step(
            'relay.verifyListenToken',
            { token: c.token, ...members(c, CLAIM), now: c.now },
            value({ freshness: 'fresh' }),
          ),
        ],
        'fresh/',
      ),
    ],
  },
];
