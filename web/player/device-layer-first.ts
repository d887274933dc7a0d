import '../offline';
import { nextTask } from './next-task';

/**
 * The first thing the player's script evaluates (main.tsx imports it first; modules run in import
 * order): the device layer with its database library (Dexie, the longest module to set up), then a
 * yield, so the screen's own modules (the steps, the icons, the theme) are evaluated in a later
 * task: no single long task at start (at Lighthouse's 4× mobile slowdown, one over 50 ms blocks).
 * The phone's code stays one chunk all the same (build/kiosk-chunks.ts).
 */
await nextTask();
