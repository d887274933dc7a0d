import { useState, type ReactNode } from 'react';
import type { PlayBundle, PollVote } from '../../../contract';
import { playableCount, roundPolls } from '../../offline';
import { PollStep } from './poll-step';

/**
 * The trivia's polls, one at a time, before the round's instructions (contract/polls.ts); then
 * `children` with the votes given, which the round's start carries. `answered`: the votes of a
 * start that failed, so the polls are not asked again. A trivia with nothing to play asks none.
 */
export function PollSequence({ bundle, answered, children }: { bundle: PlayBundle; answered: PollVote[] | undefined; children: (votes: PollVote[]) => ReactNode }) {
  const polls = playableCount(bundle) > 0 && answered === undefined ? roundPolls(bundle) : [];
  const [votes, setVotes] = useState<PollVote[]>(answered ?? []);
  const [index, setIndex] = useState(0);
  const poll = polls[index];
  if (!poll) return children(votes);
  return (
    <PollStep
      key={poll.id}
      groupId={bundle.group.id}
      question={poll}
      answers={bundle.answers[poll.id] ?? []}
      position={index + 1}
      total={polls.length}
      onDone={(vote) => {
        if (vote) setVotes((given) => [...given, vote]);
        setIndex((i) => i + 1);
      }}
    />
  );
}
