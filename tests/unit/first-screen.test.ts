import { describe, expect, it } from 'vitest';
import { afterFirstScreen, firstScreenShown } from '../../web/player/first-screen';

describe('work that waits for the player screen to be up', () => {
  it('runs once the first screen is up, in the order it was queued, and at once afterwards', () => {
    const ran: string[] = [];
    afterFirstScreen(() => ran.push('service worker'));
    afterFirstScreen(() => ran.push('second'));
    expect(ran).toEqual([]);
    firstScreenShown();
    expect(ran).toEqual(['service worker', 'second']);
    firstScreenShown();
    expect(ran).toEqual(['service worker', 'second']);
    afterFirstScreen(() => ran.push('late'));
    expect(ran).toEqual(['service worker', 'second', 'late']);
  });
});
