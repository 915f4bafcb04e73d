import { readFileSync } from 'node:fs';
import { CommittedFigures, committedFigures, FIGURES_PATH, runReplay } from '../../bench/autoscale/replay-summary';

describe('the worked autoscaling example', () => {
  it('shows the replay of the committed recording with the ScaledObject that ships (else: npm run bench:autoscale-plot)', () => {
    const committed = JSON.parse(readFileSync(FIGURES_PATH, 'utf8')) as CommittedFigures;
    const fresh = committedFigures(runReplay({}));
    expect(committed).toEqual(JSON.parse(JSON.stringify(fresh)));
  });
});
