import { describe, expect, it } from 'vitest';
import { skippedRowsText } from '../../web/features/questions/import/api/question-files';
import { pickerValue } from '../../web/shared/theme/theme-fields';

describe('what the admin screens say and show', () => {
  it('the import result counts rows in the right number', () => {
    expect(skippedRowsText(0)).toBeUndefined();
    expect(skippedRowsText(1)).toBe('Se omitió 1 fila con problemas');
    expect(skippedRowsText(3)).toBe('Se omitieron 3 filas con problemas');
  });

  it("a gradient background's colour picker opens on its first colour, not black", () => {
    expect(pickerValue('linear-gradient(135deg, #f0f4ff, #ffffff)')).toBe('#f0f4ff');
    expect(pickerValue('linear-gradient(90deg, #abc 0%, #fff 100%)')).toBe('#aabbcc');
    expect(pickerValue('#ABC')).toBe('#aabbcc');
    expect(pickerValue('rgb(1, 2, 3)')).toBeUndefined();
  });
});
