import { GroupState, QueueSettings, RateLimit } from '../../domain/fairness';
import { groupCursorShown, groupNameShown } from './default-group-alias';
import { GroupPageResponseDto, GroupStateResponseDto } from './dto/group-state-response.dto';
import { QueueSettingsResponseDto } from './dto/queue-settings-response.dto';

const rate = (limit: RateLimit | null): RateLimit | null => (limit === null ? null : { max: limit.max, perMs: limit.perMs });

/** A queue's settings as the API shows them (copies: the memory store's objects stay its own). */
export function presentQueueSettings(settings: QueueSettings): QueueSettingsResponseDto {
  return { queue: settings.queue, paused: settings.paused, groupConcurrency: settings.groupConcurrency, rateLimit: rate(settings.rateLimit) };
}

/** A group as the API shows it: the default group by its alias, limitedUntil as ISO-8601 like every time of the API. */
export function presentGroup(state: GroupState): GroupStateResponseDto {
  const view: GroupStateResponseDto = {
    name: groupNameShown(state.name),
    pending: state.pending,
    running: state.running,
    paused: state.paused,
    concurrency: state.concurrency,
    effectiveConcurrency: state.effectiveConcurrency,
    rateLimit: rate(state.rateLimit),
    limitedBy: state.limitedBy,
  };
  if (state.limitedUntil !== undefined) view.limitedUntil = new Date(state.limitedUntil).toISOString();
  return view;
}

export function presentGroupPage(page: { items: GroupState[]; nextCursor: string | null }): GroupPageResponseDto {
  return { items: page.items.map(presentGroup), nextCursor: groupCursorShown(page.nextCursor) };
}
