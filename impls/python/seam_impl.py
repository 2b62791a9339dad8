#!/usr/bin/python3
"""A second implementation of the seam, in Python, behind the harness protocol
(spec/harness.md): standard library, plus Debian's python3-cryptography for Ed25519.
It shares no code with the @agent-seam packages."""
import base64
import hashlib
import json
import math
import sys

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

# The groups this adapter answers; reject.ed25519 and reject.message need every refusal code of
# the Ed25519 door (small-order R, non-canonical R and S, ...), which it does not yet tell apart.
GROUPS = ["canonical", "numberHazards", "reject.encoding", "did", "reject.did", "envelope", "merkle.proofs", "merkle.reject"]
MAX_DEPTH = 64
MAX_BYTES = 1 << 20


class Refused(Exception):
    def __init__(self, code):
        super().__init__(code)
        self.code = code


class Skip(Exception):
    pass


class Float(float):
    """A number written with a fraction or exponent, kept apart from integers."""


# -- canonical: the seam profile (Python's sorted writer) and JCS (RFC 8785) ------------

def read_document(data, max_depth=MAX_DEPTH, max_bytes=MAX_BYTES, duplicates="last-wins"):
    if len(data) > max_bytes:
        raise Refused("too-large")
    if data[:3] == b"\xef\xbb\xbf":
        raise Refused("bom")
    if data[:2] in (b"\xfe\xff", b"\xff\xfe") or (len(data) >= 4 and (data[0] == 0 or data[1] == 0)):
        raise Refused("utf16-or-utf32")
    try:
        text = data.decode("utf-8", errors="strict")
    except UnicodeDecodeError:
        raise Refused("invalid-utf8")

    def pairs(items):
        out = {}
        for k, v in items:
            if k in out and duplicates == "refuse":
                raise Refused("duplicate-key")
            out[k] = v
        return out

    def bad_constant(_name):
        raise Refused("invalid-json")

    try:
        value = json.loads(text, object_pairs_hook=pairs, parse_float=lambda s: Float(s), parse_constant=bad_constant)
    except Refused:
        raise
    except (ValueError, RecursionError):
        raise Refused("invalid-json")
    if depth(value) > max_depth:
        raise Refused("too-deep")
    for s in strings(value):
        if any(0xD800 <= ord(ch) <= 0xDFFF for ch in s):
            raise Refused("lone-surrogate")
    for f in floats(value):
        if math.isinf(f) or math.isnan(f):
            raise Refused("number-hazard")
    return value


def depth(value):
    best, stack = 0, [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, (list, dict)):
            best = max(best, d)
            stack.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return best


def walk(value):
    stack = [value]
    while stack:
        v = stack.pop()
        yield v
        if isinstance(v, dict):
            stack.extend(v.keys())
            stack.extend(v.values())
        elif isinstance(v, list):
            stack.extend(v)


def strings(value):
    return [v for v in walk(value) if isinstance(v, str)]


def floats(value):
    return [v for v in walk(value) if isinstance(v, float)]


def write_seam(value, sign):
    # A signer never emits what two languages write differently: a float Python spells
    # otherwise than JavaScript (1.0 and 1, 1e-07 and 1e-7) or an integer a double cannot hold.
    hazards = [v for v in walk(value) if isinstance(v, float) and repr(v) != es_number(v)]
    hazards += [v for v in walk(value) if isinstance(v, int) and not isinstance(v, bool) and abs(v) > 2**53]
    if sign and hazards:
        raise Refused("number-hazard")
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode()


def es_number(x):
    """ECMAScript's Number::toString for a double (RFC 8785 section 3.2.2.3)."""
    if x == 0:
        return "0"
    if math.isinf(x) or math.isnan(x):
        raise Refused("number-hazard")
    sign = "-" if x < 0 else ""
    digits, exponent = repr(abs(x)).replace(".0e", "e"), 0
    mantissa = digits
    if "e" in digits:
        mantissa, exp = digits.split("e")
        exponent = int(exp)
    if "." in mantissa:
        whole, frac = mantissa.split(".")
    else:
        whole, frac = mantissa, ""
    frac = frac.rstrip("0") if frac != "0" else ""
    ds = (whole + frac).lstrip("0")
    n = len(whole.lstrip("0")) + exponent if whole.lstrip("0") else exponent - (len(frac) - len(frac.lstrip("0")))
    ds = ds.rstrip("0") or "0"
    k = len(ds)
    if k <= n <= 21:
        return sign + ds + "0" * (n - k)
    if 0 < n <= 21:
        return sign + ds[:n] + "." + ds[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * (-n) + ds
    e = n - 1
    es = ("+" if e >= 0 else "-") + str(abs(e))
    return sign + ds[0] + ("." + ds[1:] if k > 1 else "") + "e" + es


def write_jcs(value):
    out = []
    stack = [value]
    while stack:
        v = stack.pop()
        if isinstance(v, _Raw):
            out.append(v.text)
        elif v is None or isinstance(v, bool):
            out.append({None: "null", True: "true", False: "false"}[v])
        elif isinstance(v, (int, float)):
            out.append(es_number(float(v)))
        elif isinstance(v, str):
            out.append(json.dumps(v, ensure_ascii=False))
        elif isinstance(v, list):
            parts = [_Raw("[")]
            for i, x in enumerate(v):
                if i:
                    parts.append(_Raw(","))
                parts.append(x)
            parts.append(_Raw("]"))
            stack.extend(reversed(parts))
        else:
            parts = [_Raw("{")]
            for i, k in enumerate(sorted(v, key=lambda s: s.encode("utf-16-be"))):
                if i:
                    parts.append(_Raw(","))
                parts.extend([_Raw(json.dumps(k, ensure_ascii=False) + ":"), v[k]])
            parts.append(_Raw("}"))
            stack.extend(reversed(parts))
    return "".join(out).encode()


class _Raw:
    def __init__(self, text):
        self.text = text


def op_parse(args):
    profile, options = args["profile"], args.get("options") or {}
    if profile not in ("seam", "jcs"):
        raise Skip(f"profile {profile} is not implemented here")
    duplicates = options.get("duplicateKeys", "refuse" if profile == "jcs" else "last-wins")
    value = read_document(
        bytes.fromhex(args["documentHex"]),
        options.get("maxDepth", MAX_DEPTH),
        options.get("maxBytes", MAX_BYTES),
        duplicates,
    )
    return (write_jcs(value) if profile == "jcs" else write_seam(value, sign=False)).hex()


def op_write(args):
    profile = args["profile"]
    if profile == "jcs":  # RFC 8785 reads I-JSON: every number is a double
        return write_jcs(json.loads(args["json"], parse_int=float)).hex()
    if profile != "seam":
        raise Skip(f"profile {profile} is not implemented here")
    return write_seam(json.loads(args["json"], parse_float=lambda s: Float(s)), sign=True).hex()


# -- did:key and Ed25519 --------------------------------------------------------------

ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
BASE58_MAX = 128
CODECS = {"ed25519": (b"\xed\x01", 32), "p256": (b"\x80\x24", 33)}
# The eight small-order points of edwards25519 (RFC 8032 keys that sign for anyone).
P = 2**255 - 19


def b58encode(data):
    n = int.from_bytes(data, "big")
    out = ""
    while n:
        n, r = divmod(n, 58)
        out = ALPHABET[r] + out
    return "1" * (len(data) - len(data.lstrip(b"\0"))) + out


def b58decode(text):
    if not isinstance(text, str):
        raise Refused("bad-base58")
    if len(text) > BASE58_MAX:
        raise Refused("base58-too-long")
    n = 0
    for ch in text:
        if ch not in ALPHABET:
            raise Refused("bad-base58")
        n = n * 58 + ALPHABET.index(ch)
    body = n.to_bytes((n.bit_length() + 7) // 8, "big") if n else b""
    return b"\0" * (len(text) - len(text.lstrip("1"))) + body


def public_key(did):
    if not isinstance(did, str) or not did.startswith("did:key:"):
        raise Refused("not-did-key")
    body = did[len("did:key:"):]
    if not body.startswith("z"):
        raise Refused("bad-multibase")
    try:
        raw = b58decode(body[1:])
    except Refused as r:
        raise Refused("bad-multibase" if r.code == "bad-base58" else r.code)
    for curve, (prefix, length) in CODECS.items():
        if raw.startswith(prefix):
            if len(raw) - 2 != length:
                raise Refused("wrong-length")
            return curve, raw[2:]
    raise Refused("wrong-multicodec")


def small_order(key):
    """True when the key decodes to a point of order dividing 8 (y from the encoding)."""
    y = int.from_bytes(key, "little") & ((1 << 255) - 1)
    return y % P in (0, 1, P - 1, 0x7A03AC9277FDC74EC6CC392BFA0EF2B4A0B7E9F8C1DBE9C4AFE6E79E0C1E2A3D) or y % P in (
        P - 0x7A03AC9277FDC74EC6CC392BFA0EF2B4A0B7E9F8C1DBE9C4AFE6E79E0C1E2A3D,
    )


def verification_key(did):
    curve, key = public_key(did)
    if curve != "ed25519":
        raise Refused("wrong-multicodec")
    if small_order(key):
        raise Refused("small-order-key")
    return key


L = 2**252 + 27742317777372353535851937790883648493


def ed25519_verify(key, message, signature):
    if len(key) != 32 or len(signature) != 64:
        raise Refused("wrong-length")
    if small_order(key):
        raise Refused("small-order-key")
    if int.from_bytes(key, "little") & ((1 << 255) - 1) >= P:
        raise Refused("non-canonical-key")
    if int.from_bytes(signature[32:], "little") >= L:
        raise Refused("s-not-reduced")
    try:
        Ed25519PublicKey.from_public_bytes(key).verify(signature, message)
    except (InvalidSignature, ValueError):
        raise Refused("bad-signature")
    return True


# -- the signed envelope --------------------------------------------------------------

FIELDS = ("contextId", "from", "messageId", "text", "timestamp", "to")


def signing_payload(m):
    return write_seam({k: m.get(k) for k in FIELDS}, sign=True)


def sign_envelope(m, seed):
    key = Ed25519PrivateKey.from_private_bytes(seed)
    sig = base64.b64encode(key.sign(signing_payload(m))).decode()
    return {**{k: m.get(k) for k in FIELDS}, "sig": sig}


def verify_envelope(args):
    e = args["envelope"]
    if args.get("now") != "off" or args.get("replay") != "off":
        raise Skip("only time and replay off are implemented here")
    if not isinstance(e, dict):
        raise Refused("not-an-object")
    for k in ("from", "to", "messageId", "text", "sig"):
        if not isinstance(e.get(k), str):
            raise Refused("missing-field")
    if "timestamp" not in e or not isinstance(e["timestamp"], int) or isinstance(e["timestamp"], bool):
        raise Refused("not-integer-timestamp")
    if args.get("recipientDid") is not None and e["to"] != args["recipientDid"]:
        raise Refused("wrong-recipient")
    key = verification_key(e["from"])
    try:
        sig = base64.b64decode(e["sig"], validate=True)
    except ValueError:
        raise Refused("bad-signature-encoding")
    ed25519_verify(key, signing_payload(e), sig)
    return {**{k: e.get(k) for k in FIELDS}, "freshness": "off-by-caller", "replay": "off-by-caller"}


# -- merkle: RFC 6962 trees, RFC 9162 proofs and their verification ------------------------

EMPTY_ROOT = hashlib.sha256(b"").digest()
UINT64 = 1 << 64


def node(left, right):
    return hashlib.sha256(b"\x01" + left + right).digest()


def split(n):
    """The largest power of two below n (n > 1)."""
    return 1 << ((n - 1).bit_length() - 1)


def tree_root(leaves):
    if not leaves:
        return EMPTY_ROOT
    if len(leaves) == 1:
        return hashlib.sha256(b"\x00" + leaves[0]).digest()
    k = split(len(leaves))
    return node(tree_root(leaves[:k]), tree_root(leaves[k:]))


def audit_path(index, leaves):
    if len(leaves) <= 1:
        return []
    k = split(len(leaves))
    if index < k:
        return audit_path(index, leaves[:k]) + [tree_root(leaves[k:])]
    return audit_path(index - k, leaves[k:]) + [tree_root(leaves[:k])]


def subproof(m, leaves, whole):
    n = len(leaves)
    if m == n:
        return [] if whole else [tree_root(leaves)]
    k = split(n)
    if m <= k:
        return subproof(m, leaves[:k], whole) + [tree_root(leaves[k:])]
    return subproof(m - k, leaves[k:], False) + [tree_root(leaves[:k])]


def subproof_length(m, n, whole=True):
    """How many hashes subproof(m, n) holds, from the sizes alone (at most 65 steps for uint64)."""
    length = 0
    while m != n:
        k = split(n)
        if m <= k:
            n = k
        else:
            m, n, whole = m - k, n - k, False
        length += 1
    return length + (0 if whole else 1)


def merkle_claim(args, hashes, sizes):
    """The claim in a verifier's types: hashes as bytes, sizes as integers, `asIs` members untouched."""
    claim = args["claim"]
    if not isinstance(claim, dict):
        raise Refused("not-an-object")
    as_is = set(args.get("asIs", []))
    out = {}
    for k, v in claim.items():
        if k in as_is:
            out[k] = v
        elif k in hashes:
            out[k] = bytes.fromhex(v)
        elif k in sizes:
            out[k] = int(v)
        elif k == "proof":
            out[k] = [bytes.fromhex(x) for x in v]
        else:
            out[k] = v
    if not isinstance(out.get("proof"), list):
        raise Refused("not-an-array")
    return out


def uint64(*values):
    for v in values:
        if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < UINT64:
            raise Refused("invalid-number")


def hashes_32(*values):
    for v in values:
        if not isinstance(v, bytes) or len(v) != 32:
            raise Refused("bad-hash-length")


def verify_inclusion(args):
    c = merkle_claim(args, ("leafHash", "root"), ("index", "size"))
    if not isinstance(c.get("root"), bytes):
        raise Refused("not-bytes")
    index, size, proof = c.get("index"), c.get("size"), c["proof"]
    uint64(index, size)
    if index >= size:
        raise Refused("index-out-of-range")
    inner = (index ^ (size - 1)).bit_length()
    if len(proof) != inner + bin(index >> inner).count("1"):
        raise Refused("wrong-proof-length")
    hashes_32(c.get("leafHash"), *proof)
    fn, sn, r = index, size - 1, c["leafHash"]
    for p in proof:
        if fn & 1 or fn == sn:
            r = node(p, r)
            while not fn & 1 and fn != 0:
                fn, sn = fn >> 1, sn >> 1
        else:
            r = node(r, p)
        fn, sn = fn >> 1, sn >> 1
    if sn != 0 or r != c["root"]:
        raise Refused("root-mismatch")
    return True


def verify_consistency(args):
    c = merkle_claim(args, ("rootM", "rootN"), ("m", "n"))
    root_m, root_n = c.get("rootM"), c.get("rootN")
    if not isinstance(root_m, bytes) or not isinstance(root_n, bytes):
        raise Refused("not-bytes")
    m, n, proof = c.get("m"), c.get("n"), c["proof"]
    uint64(m, n)
    if m > n:
        raise Refused("sizes-out-of-order")
    if (m == 0 and root_m != EMPTY_ROOT) or (n == 0 and root_n != EMPTY_ROOT):
        raise Refused("size-zero-with-nonempty-root")
    if m == 0 < n:
        raise Refused("empty-tree-consistency")
    if m == n:
        if proof:
            raise Refused("wrong-proof-length")
        if root_m != root_n:
            raise Refused("root-mismatch")
        return True
    if len(proof) != subproof_length(m, n):
        raise Refused("wrong-proof-length")
    hashes_32(*proof)
    path = [root_m] + proof if m & (m - 1) == 0 else proof
    fn, sn = m - 1, n - 1
    while fn & 1:
        fn, sn = fn >> 1, sn >> 1
    fr = sr = path[0]
    for p in path[1:]:
        if sn == 0:
            raise Refused("root-mismatch")
        if fn & 1 or fn == sn:
            fr, sr = node(p, fr), node(p, sr)
            while not fn & 1 and fn != 0:
                fn, sn = fn >> 1, sn >> 1
        else:
            sr = node(sr, p)
        fn, sn = fn >> 1, sn >> 1
    if sn != 0 or fr != root_m or sr != root_n:
        raise Refused("root-mismatch")
    return True


def leaves_of(args):
    return [bytes.fromhex(x) for x in args["leavesHex"]]


def op_public_key(args):
    curve, key = public_key(args["did"])
    return {"curve": curve, "publicKeyHex": key.hex()}


OPS = {
    "canonical.parse": op_parse,
    "canonical.write": op_write,
    "did.fromPublicKey": lambda a: "did:key:z" + b58encode(CODECS[a["curve"]][0] + bytes.fromhex(a["publicKeyHex"])),
    "did.publicKey": op_public_key,
    "did.verificationKey": lambda a: verification_key(a["did"]).hex(),
    "base58btc.decode": lambda a: b58decode(a["text"]).hex(),
    "ed25519.verify": lambda a: ed25519_verify(*(bytes.fromhex(a[k]) for k in ("publicKeyHex", "messageHex", "signatureHex"))),
    "envelope.signingPayload": lambda a: signing_payload(a["message"]).hex(),
    "envelope.sign": lambda a: sign_envelope(a["message"], bytes.fromhex(a["seedHex"])),
    "envelope.verify": verify_envelope,
    "merkle.root": lambda a: tree_root(leaves_of(a)[: int(a["size"])]).hex(),
    "merkle.inclusionProof": lambda a: [h.hex() for h in audit_path(int(a["index"]), leaves_of(a))],
    "merkle.consistencyProof": lambda a: [h.hex() for h in subproof(int(a["m"]), leaves_of(a)[: int(a["n"])], True)],
    "merkle.verifyInclusion": verify_inclusion,
    "merkle.verifyConsistency": verify_consistency,
}


def answer(request):
    op = OPS.get(request.get("op"))
    if request.get("group") not in GROUPS or op is None:
        return {"skipped": "not implemented in Python"}
    try:
        return {"ok": True, "value": op(request["args"])}
    except Refused as r:
        return {"ok": False, "code": r.code}
    except Skip as s:
        return {"skipped": str(s)}
    except Exception as e:  # a bug here is a disagreement to report, not a crash
        return {"ok": False, "code": f"python-error: {type(e).__name__}"}


def main():
    for line in sys.stdin:
        message = json.loads(line)
        if "hello" in message:
            reply = {"protocol": 1, "name": "seam-python", "version": "0.1.0", "language": "python", "groups": GROUPS}
        else:
            reply = {"id": message["id"], **answer(message)}
        sys.stdout.write(json.dumps(reply, ensure_ascii=False) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
