/**
 * What the record tests share: seeds by one byte, their clock, and the root identity
 * (seed 0x15) that signs their key states. No `node:` import: these suites also run in
 * Chromium.
 */
import { didFromSeed } from '@agent-seam/did';

/** A 32-byte seed of one repeated byte. */
export const seed = (b: number): Uint8Array => new Uint8Array(32).fill(b);
export const NOW = 1_784_273_681;
export const root = seed(0x15);
export const rootDid = didFromSeed(root);
