import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { API_FLOORS, API_TOP, areaArrows, areaCircles } from '../support/api-areas';

describe("the API's areas", () => {
  const arrows = areaArrows();

  it('import each other in no circle, pairs included (within a floor too)', () => {
    // Each circle with one import that makes each of its arrows.
    const evidence = areaCircles(arrows.keys()).map((circle) =>
      circle
        .slice(1)
        .map((to, i) => arrows.get(`${circle[i]} -> ${to}`)![0])
        .join('; '),
    );
    expect(evidence, 'areas that import each other (put the rule they share below both)').toEqual([]);
  });

  it('finds a circle where there is one (the check can fail)', () => {
    expect(areaCircles(['play/a -> play/b', 'play/b -> play/c', 'play/c -> play/a', 'play/c -> content/d'])).toEqual([['play/a', 'play/b', 'play/c', 'play/a']]);
    expect(areaCircles(['content/x -> content/y', 'content/y -> content/x'])).toEqual([['content/x', 'content/y', 'content/x']]);
    expect(areaCircles(['results/x -> play/y', 'play/y -> content/z'])).toEqual([]);
  });

  it('are all on a floor, or are the few pieces that put the floors together', () => {
    const tops = new Set(
      execFileSync('git', ['ls-files', 'api'], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map((file) => file.split('/')[1]!),
    );
    expect([...tops].filter((top) => !(API_FLOORS as readonly string[]).includes(top) && !(API_TOP as readonly string[]).includes(top))).toEqual([]);
  });
});
