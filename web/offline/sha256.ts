import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * SHA-256 of a text, as hex, from an audited library (@noble/hashes): `crypto.subtle` exists only in
 * secure contexts, and a kiosk may be served over plain http on a local network, so the document
 * hashes and the PIN cannot depend on it.
 */
export const sha256Hex = (text: string): string => bytesToHex(sha256(utf8ToBytes(text)));
