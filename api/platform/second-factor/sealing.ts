import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals a user's TOTP secret for the database with AES-256-GCM, under a key derived (HKDF-SHA-256)
 * from the app's session secret: a copy of the database alone does not give the secrets away.
 * Changing the session secret leaves the sealed secrets unreadable (their users sign in with a
 * recovery code and set it up again: docs/security.md, "Two-step sign-in").
 */
export interface SecretSealer {
  seal(plain: string): string;
  /** The plain secret, or null when it was sealed under another key (or the text was changed). */
  unseal(sealed: string): string | null;
}

export function secretSealer(sessionSecret: string): SecretSealer {
  const key = Buffer.from(hkdfSync('sha256', sessionSecret, 'triviando', 'second-factor secret v1', 32));
  return {
    seal(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [nonce, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
    },
    unseal(text) {
      const [nonce, tag, sealed] = text.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!nonce || !tag || !sealed) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, nonce);
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/**
 * A recovery code's stored form. A plain SHA-256 is enough for 80 random bits (no dictionary to
 * try), and, unlike a keyed hash, it survives a change of the session secret: the codes stay the
 * way back in when the secret cannot be read.
 */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

const RECOVERY_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789'; // 32 symbols, no 0/o, 1/l

/** A new recovery code: 16 symbols of 5 bits (80 bits), in 4 groups of 4. */
export function newRecoveryCode(): string {
  const symbols = [...randomBytes(16)].map((byte) => RECOVERY_ALPHABET[byte % 32]).join('');
  return symbols.match(/.{4}/g)!.join('-');
}
