import { describe, expect, it } from 'vitest';
import { SHORT_NAME_MAX, shortName } from '../../api/play/bundle/short-name';

describe("an installed trivia's short name", () => {
  it('keeps the telling words whole instead of "Trivia de C…"', () => {
    expect(shortName('Trivia de Cultura General')).toBe('Cultura');
    expect(shortName('Trivia de Ciencias')).toBe('Ciencias');
    expect(shortName('Trivia de la Feria del Libro')).toBe('Feria');
    expect(shortName('Feria')).toBe('Feria');
    expect(shortName('Supercalifragilístico')).toHaveLength(SHORT_NAME_MAX);
    for (const name of ['Trivia de Cultura General', 'Un nombre muy largo de trivia', 'Trivia']) {
      const short = shortName(name);
      expect(short.length).toBeLessThanOrEqual(SHORT_NAME_MAX);
      expect(short).not.toMatch(/…$/);
      expect(short).not.toBe('');
    }
  });
});
