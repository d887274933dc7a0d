import { describe, expect, it } from 'vitest';
import { canonicalizePath } from '../../api/platform/http/request-path';

describe('canonicalizePath', () => {
  it.each([
    ['/api/companies/3', '/api/companies/3'],
    ['/API/Companies/3', '/api/companies/3'],
    ['/api/companies/3/', '/api/companies/3'],
    ['/api/c%6Fmpanies/3', '/api/companies/3'],
    ['/%41PI/uploads/Ab9', '/api/uploads/ab9'],
    ['/', '/'],
    ['/api/', '/api'],
  ])('spells %s as %s', (raw, canonical) => {
    expect(canonicalizePath(raw)).toEqual({ canonical, wellFormed: true, isApi: canonical.startsWith('/api') });
  });

  it.each([
    ['/api/uploads/../companies/3', '/api/companies/3'],
    ['/api/uploads/%2e%2e/companies/3', '/api/companies/3'],
    ['/api/uploads/.%2E/companies/3', '/api/companies/3'],
    ['/api/uploads/./x', '/api/uploads/x'],
    ['/api//uploads/x', '/api/uploads/x'],
    ['//api/companies/3', '/api/companies/3'],
    ['/api/uploads/..%2fcompanies', '/api/uploads/../companies'],
    ['/api/uploads/..%5Ccompanies', '/api/uploads/..\\companies'],
    ['/api/uploads/a%00b', '/api/uploads/a\0b'],
    ['/api/uploads/%E0%A4%A', '/api/uploads/%e0%a4%a'],
    ['*', '/'],
  ])('finds %s malformed (judged as %s)', (raw, canonical) => {
    expect(canonicalizePath(raw)).toEqual({ canonical, wellFormed: false, isApi: canonical.startsWith('/api') });
  });

  it('folds ASCII letters only, as the router does (the Kelvin sign is not a k)', () => {
    expect(canonicalizePath('/api/%E2%84%AA').canonical).toBe('/api/\u212a');
  });

  it('tells API paths by whole segment', () => {
    expect(canonicalizePath('/apiary').isApi).toBe(false);
    expect(canonicalizePath('/Api').isApi).toBe(true);
  });
});
