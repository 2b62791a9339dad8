import { loadInterop, openLedger } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { cid, decode, decodeEntries, encode, RawCbor } from '../src/index.js';
import { fromHex, toHex } from './helpers.js';

/**
 * Every CoreDet item and every CID in ANetCore v0.15's values
 * (../shared/interop/anet): CoreDet items must decode strictly and re-encode to the
 * same bytes, CIDs must match the third-party text exactly.
 */
const ledger = openLedger();
const CBOR = 'cbor.anet';
const CID = 'cid.anet';
const anet = loadInterop('anet/extracted_vectors.json');
const sealed = loadInterop('anet/ANetCore-v0.15/seal/testdata/vec-sealed-1.json');

const utf8 = (s: string) => new TextEncoder().encode(s);

it('ANet interop data is present, or its absence is recorded', () => {
  if (anet === null || sealed === null) {
    ledger.interopMissing(CBOR);
    ledger.interopMissing(CID);
    return;
  }
  expect(anet.coredet.length).toBeGreaterThan(0);
});

// A plain if, not describe.runIf: a skipped describe still runs its body, which reads the data.
if (anet !== null && sealed !== null)
  describe('ANet CoreDet items', () => {
    const k = anet.keys[1].derived_by_me;
    const kel = anet.kel[1].derived_by_me;
    const so = anet.signed_objects;
    const seal = anet.seal[1].derived_by_me;
    const items: [string, string][] = [
      ['VEC-AET-CID-1', anet.coredet[0].preimage_hex],
      ['VEC-TSIR-CID-1', anet.coredet[1].preimage_hex],
      ['AEL-GENESIS-PREIMAGE', anet.coredet[5].preimage_hex],
      ['ACCEPT-UINT', anet.coredet[3].hex],
      ['REJECT-DUPKEY control', anet.coredet[4].control_ok_hex],
      ['SUITE-IDENTITY icp', k.icp_preimage],
      ['SUITE-IDENTITY kel', k.kel_bytes_MarshalKEL],
      ['SUPERSEDE-2 drt', kel.drt_preimage],
      ['SUPERSEDE-2 rot', kel.rot_preimage],
      ['SUPERSEDE-2 dip', kel.dip_preimage],
      ['SUPERSEDE kel1', kel.kel1_bytes],
      ['SUPERSEDE kel2', kel.kel2_bytes],
      ['VEC-RECEIPT-1', so[0].preimage_hex],
      ['VEC-RECEIPT-WIRE-1', so[1].derived_wire_hex_by_me],
      ['VEC-REVIEW-1', so[2].preimage_hex],
      ['VEC-CHATMSG-1', so[3].wire_hex],
      ['VEC-PAYMENT-AUTH-1', so[5].preimage_hex],
      ['VEC-CHATMSG-2', so[9].wire_hex],
      ['VEC-STATUS-1', so[12].wire_hex],
      ['VEC-SEALED-1 info', anet.seal[1].hpke_info_hex],
      ['VEC-SEALED-1 inner', seal.inner_plaintext],
      ['VEC-SEALED-1 signed key set', seal.signed_enc_key_set],
      ['VEC-SEALED-1 key set', seal.enc_key_set_bytes],
      ['vec-sealed-1.json hpke_info', sealed.hpke_info],
      ['vec-sealed-1.json sig_preimage', sealed.sig_preimage],
      ['vec-sealed-1.json envelope', sealed.envelope],
    ];
    it('lists every item', () => expect(items.length).toBe(26));
    for (const [name, hexText] of items)
      it(`${name} round-trips byte for byte`, () =>
        ledger.accept(
          CBOR,
          name,
          () => {
            const v = decode(fromHex(hexText));
            expect(v.ok).toBe(true);
            if (v.ok) expect(toHex(encode(v.value))).toBe(hexText);
          },
          { interop: true },
        ));

    it('ACCEPT-UINT decodes to 7', () =>
      ledger.accept(
        CBOR,
        'ACCEPT-UINT value',
        () =>
          expect(decode(fromHex(anet.coredet[3].hex))).toEqual({ ok: true, value: anet.coredet[3].value }),
        {
          interop: true,
        },
      ));

    const withFields: [string, string, Record<string, unknown>][] = [
      ['VEC-CHATMSG-1', so[3].wire_hex, so[3].decoded],
      ['VEC-PAYMENT-AUTH-1', so[5].preimage_hex, so[5].decoded],
    ];
    for (const [name, hexText, fields] of withFields)
      it(`${name} decodes to the listed fields`, () =>
        ledger.accept(
          CBOR,
          `${name} fields`,
          () => {
            const want = new Map(Object.entries(fields).map(([key, x]) => [Number(key), x]));
            expect(decode(fromHex(hexText))).toEqual({ ok: true, value: want });
          },
          { interop: true },
        ));

    for (const mode of ['strict', 'lenient'] as const) {
      const options = { lenient: mode === 'lenient' };
      it(`REJECT-TAG refused (${mode})`, () =>
        ledger.refuse(
          CBOR,
          `REJECT-TAG/${mode}`,
          () =>
            expect(decode(fromHex(anet.coredet[2].input_hex), options)).toMatchObject({
              ok: false,
              code: 'tag',
            }),
          {
            interop: true,
          },
        ));
      it(`REJECT-DUPKEY refused (${mode})`, () =>
        ledger.refuse(
          CBOR,
          `REJECT-DUPKEY/${mode}`,
          () =>
            expect(decode(fromHex(anet.coredet[4].input_hex), options)).toMatchObject({
              ok: false,
              code: 'duplicate-key',
            }),
          { interop: true },
        ));
    }

    it('VEC-SEALED-1 signature preimage rebuilt from the inner map as received (FACTS 6.3)', () =>
      ledger.accept(
        CBOR,
        'VEC-SEALED-1 preimage from raw entries',
        () => {
          const inner = decodeEntries(fromHex(seal.inner_plaintext));
          const outer = decodeEntries(fromHex(sealed.envelope));
          expect(inner.ok && outer.ok).toBe(true);
          if (!inner.ok || !outer.ok) return;
          const outerValue = (key: number) => new RawCbor(outer.value.find((e) => e.key === key)!.valueBytes);
          const preimage = new Map<number, RawCbor | string>();
          for (const e of inner.value)
            if (e.key !== 20 && e.key !== 21) preimage.set(e.key as number, new RawCbor(e.valueBytes));
          preimage.set(0, 'anet-relay-sig/v1');
          preimage.set(30, outerValue(5));
          preimage.set(31, outerValue(4));
          preimage.set(32, outerValue(3));
          expect(toHex(encode(preimage))).toBe(sealed.sig_preimage);
        },
        { interop: true },
      ));
  });

if (anet !== null)
  describe('ANet CIDs', () => {
    const k = anet.keys[1].derived_by_me;
    const kel = anet.kel[1].derived_by_me;
    const so = anet.signed_objects;
    const dagCbor: [string, string, string][] = [
      ['VEC-AET-CID-1', anet.coredet[0].preimage_hex, anet.coredet[0].cid],
      ['VEC-TSIR-CID-1', anet.coredet[1].preimage_hex, anet.coredet[1].cid],
      ['AEL genesis prev_id', anet.coredet[5].preimage_hex, anet.coredet[5].cid],
      ['SUITE-IDENTITY aid', k.icp_preimage, anet.keys[1].aid],
      ['SUITE-IDENTITY kel', k.kel_bytes_MarshalKEL, k.kel_cid],
      ['VEC-KEL-SUPERSEDE-1 kel', kel.kel1_bytes, anet.kel[0].kel_cid],
      ['VEC-KEL-SUPERSEDE-2 kel', kel.kel2_bytes, anet.kel[1].kel_cid],
      ['SUPERSEDE drt event id', kel.drt_preimage, kel.drt_event_id],
      ['SUPERSEDE rot event id', kel.rot_preimage, kel.rot_event_id],
      ['SUPERSEDE dip event id', kel.dip_preimage, kel.dip_event_id],
      ['VEC-RECEIPT-1', so[0].preimage_hex, so[0].cid],
      ['VEC-RECEIPT-WIRE-1', so[1].derived_wire_hex_by_me, so[1].wire_cid],
      ['VEC-REVIEW-1', so[2].preimage_hex, so[2].cid],
      ['VEC-PAYMENT-AUTH-1 id', so[5].preimage_hex, so[5].id_cid],
    ];
    it('lists every pair', () => expect(dagCbor.length).toBe(14));
    for (const [name, preimage, want] of dagCbor)
      it(name, () =>
        ledger.accept(
          CID,
          name,
          () => expect(cid(fromHex(preimage), { codec: 'dag-cbor' }).text).toBe(want),
          {
            interop: true,
          },
        ),
      );

    it('the genesis prev_id is the CID of the text "anet:ael:genesis" (FACTS 3)', () =>
      ledger.accept(
        CID,
        'AEL genesis from text',
        () =>
          expect(cid(encode('anet:ael:genesis'), { codec: 'dag-cbor' }).text).toBe(
            'bafyreifi23d3grw75bm2ox7ssj3fq3mrtwxyb646ojzabakucfpf527clm',
          ),
        { interop: true },
      ));

    for (const c of anet.cid as { id: string; input_utf8: string; cid: string }[])
      it(c.id, () =>
        ledger.accept(CID, c.id, () => expect(cid(utf8(c.input_utf8), { codec: 'raw' }).text).toBe(c.cid), {
          interop: true,
        }),
      );
  });
