import { THEME_CHOICES } from '../../../contract';

type Option = { value: string; label: string };
const same = (values: readonly string[]): Option[] => values.map((value) => ({ value, label: value }));
const labelled = (values: readonly string[], labels: string[]): Option[] => values.map((value, i) => ({ value, label: labels[i] ?? value }));

/** The theme's choice lists (contract THEME_CHOICES) with Spanish labels where a raw value says little. */
export const THEME_OPTIONS = {
  fontFamily: THEME_CHOICES.fontFamily.map((value) => ({ value, label: value === 'system' ? 'Fuente del sistema' : value })),
  headingFontFamily: [
    { value: '', label: 'Igual que la fuente principal' },
    ...THEME_CHOICES.fontFamily.map((value) => ({ value, label: value === 'system' ? 'Fuente del sistema' : value })),
  ],
  baseFontSize: same(THEME_CHOICES.baseFontSize),
  questionFontSize: same(THEME_CHOICES.questionFontSize),
  questionFontWeight: labelled(THEME_CHOICES.questionFontWeight, ['Normal (400)', 'Media (500)', 'Seminegrita (600)', 'Negrita (700)']),
  headingFontSize: same(THEME_CHOICES.headingFontSize),
  containerBorderRadius: labelled(THEME_CHOICES.containerBorderRadius, ['Sin redondeo', '0.5rem', '0.8rem', '1.2rem', '2rem']),
  containerShadow: labelled(THEME_CHOICES.containerShadow, ['Sin sombra', 'Sutil', 'Media', 'Pronunciada', 'Intensa']),
  containerSpacing: same(THEME_CHOICES.containerSpacing),
  answerMargin: same(THEME_CHOICES.answerMargin),
  answerPadding: same(THEME_CHOICES.answerPadding),
  answerBorderRadius: labelled(THEME_CHOICES.answerBorderRadius, ['Sin redondeo', '0.4rem', '0.8rem', '1.2rem']),
  buttonBorderRadius: labelled(THEME_CHOICES.buttonBorderRadius, ['Sin redondeo', '0.3rem', '0.6rem', '1rem', 'Píldora']),
  animationStyle: labelled(THEME_CHOICES.animationStyle, ['Desvanecer', 'Deslizar', 'Ninguna']),
  transitionSpeed: labelled(THEME_CHOICES.transitionSpeed, ['Muy rápida (0.1 s)', 'Rápida (0.15 s)', 'Normal (0.3 s)', 'Lenta (0.5 s)']),
} satisfies Record<string, Option[]>;
