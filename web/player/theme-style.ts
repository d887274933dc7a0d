import type { CSSProperties } from 'react';
import type { ThemeValues } from '../../contract/theme-values';
import { themeVariables } from '../../contract/theme-variables';

export { animationClass, fontStack, remSize } from '../../contract/theme-variables';

/** The group's theme as the player screen root's style: its --t-* custom properties (player.css reads them). */
export function themeStyle(theme: Partial<ThemeValues> | null | undefined): CSSProperties {
  return themeVariables(theme) as CSSProperties;
}

