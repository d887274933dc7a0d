import { describe, expect, it } from 'vitest';
import { namesETag } from '../../api/platform/http/etag-match';

describe('namesETag', () => {
  it('matches the ETag strong or weak, alone or in a list, and `*`', () => {
    expect(namesETag('"v1"', '"v1"')).toBe(true);
    expect(namesETag('W/"v1"', '"v1"')).toBe(true);
    expect(namesETag('"v0", W/"v1"', '"v1"')).toBe(true);
    expect(namesETag('"a", *', '"v1"')).toBe(true);
  });

  it('does not match another ETag, an unquoted one or no header', () => {
    expect(namesETag('"v2"', '"v1"')).toBe(false);
    expect(namesETag('v1', '"v1"')).toBe(false);
    expect(namesETag('', '"v1"')).toBe(false);
    expect(namesETag(undefined, '"v1"')).toBe(false);
  });
});
