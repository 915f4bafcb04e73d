import { RedisQueueKeys } from './redis-queue-keys';

/**
 * Which keys each Lua script gets, in one place. A script names a key `K_<NAME>` (LUA_KEY_NAMES);
 * the loader writes each script's prelude (`local K_JOB = KEYS[1]` ...) from its entry here, so
 * the positions are never written twice, and script-keys.spec.ts fails when a script (with its
 * includes) uses a key its entry lacks or its entry lists a key it never uses. Every key carries
 * the queue's hash tag, so a script touches one slot.
 */
export const LUA_KEY_NAMES = {
  jobPrefix: 'K_JOB',
  pending: 'K_PENDING',
  pendingFifo: 'K_PENDING_FIFO',
  pendingFifoDead: 'K_PENDING_DEAD',
  pendingFifoGone: 'K_PENDING_GONE',
  scheduled: 'K_SCHEDULED',
  leases: 'K_LEASES',
  succeeded: 'K_SUCCEEDED',
  failed: 'K_FAILED',
  cancelled: 'K_CANCELLED',
  blocked: 'K_BLOCKED',
  skipped: 'K_SKIPPED',
  events: 'K_EVENTS',
  eventsAvg: 'K_EVENTS_AVG',
  wake: 'K_WAKE',
  seq: 'K_SEQ',
  wakeSeq: 'K_WAKE_SEQ',
  board: 'K_BOARD',
  idem: 'K_IDEM',
  workerLeasePrefix: 'K_WLEASE',
  workers: 'K_WORKERS',
  executionPrefix: 'K_EXEC',
  executionsDone: 'K_EXEC_DONE',
  executionsAll: 'K_EXEC_ALL',
  executionsIdem: 'K_EXEC_IDEM',
  refresh: 'K_REFRESH',
  refreshing: 'K_REFRESHING',
  partitions: 'K_PARTITIONS',
  stagePrefix: 'K_STAGE',
  stages: 'K_STAGES',
  commits: 'K_COMMITS',
  schedules: 'K_SCHEDULES',
  scheduleNames: 'K_SCHEDULE_NAMES',
  scheduleSeq: 'K_SCHEDULE_SEQ',
  schedulePrefix: 'K_SCHED',
  settings: 'K_SETTINGS',
  groupPrefix: 'K_GROUP',
  groupListPrefix: 'K_GROUP_LIST',
  groupZsetPrefix: 'K_GROUP_ZSET',
  groupsReady: 'K_GROUPS_READY',
  groupsThrottled: 'K_GROUPS_THROTTLED',
  groupsFull: 'K_GROUPS_FULL',
  groups: 'K_GROUPS',
  workerInfo: 'K_WORKER_INFO',
  workerBeats: 'K_WORKER_BEATS',
  auditLog: 'K_AUDIT_LOG',
  auditSeq: 'K_AUDIT_SEQ',
} as const satisfies Record<string, `K_${string}`>;

export type QueueKeyName = keyof typeof LUA_KEY_NAMES;

/** What a script that writes events needs for them (includes/events.lua, execution-counters.lua). */
const EVENTS = ['events', 'executionPrefix', 'refresh'] as const;
/**
 * What a queue's groups need (includes/groups.lua): turning them on counts the running jobs (leases);
 * a group's place drops the dead entries at its list's head (includes/pending-dead.lua).
 */
const GROUPS = ['pendingFifoDead', 'pendingFifoGone', 'wake', 'wakeSeq', 'settings', 'groupPrefix', 'groupListPrefix', 'groupZsetPrefix', 'groupsReady', 'groupsThrottled', 'groupsFull', 'groups', 'leases'] as const;
/** What a script that adds pending jobs needs (includes/index-writes.lua). */
const PENDING = ['pending', 'pendingFifo', 'seq', ...GROUPS] as const;
/** What reading a queue's claimable work needs (includes/work-state.lua). */
const WORK = ['pending', 'pendingFifo', 'seq', ...GROUPS, 'scheduled'] as const;
/** What a job's final end can touch (includes/finish-job.lua): its graph children (includes/graph.lua). */
const FINISH = ['jobPrefix', ...PENDING, 'scheduled', 'failed', 'cancelled', 'blocked', 'skipped', ...EVENTS] as const;
/** What ending an attempt can touch (includes/end-attempt.lua). */
const ATTEMPT_END = [...FINISH, 'workerLeasePrefix'] as const;

export const SCRIPT_KEYS = {
  enqueue: ['jobPrefix', 'idem', ...PENDING, 'scheduled', ...EVENTS],
  'enqueue-partition': ['jobPrefix', 'idem', ...PENDING, 'scheduled', ...EVENTS],
  'create-execution': ['jobPrefix', 'idem', 'executionsIdem', 'executionsAll', ...PENDING, 'scheduled', 'blocked', ...EVENTS],
  claim: [...FINISH, 'workerLeasePrefix'],
  'add-to-execution': [...FINISH, 'idem'],
  heartbeat: ['jobPrefix', 'leases'],
  report: ['jobPrefix', 'events'],
  'logs-read': ['jobPrefix'],
  counts: ['pending', 'pendingFifo', 'pendingFifoGone', 'settings', 'scheduled', 'leases', 'succeeded', 'failed', 'cancelled', 'blocked', 'skipped'],
  'stray-leases': ['jobPrefix', 'workerLeasePrefix'],
  'oldest-pending': ['jobPrefix', 'pending', 'pendingFifo', 'pendingFifoDead', 'groups', 'groupListPrefix', 'groupZsetPrefix'],
  complete: [...ATTEMPT_END, 'succeeded', 'idem'],
  fail: ATTEMPT_END,
  release: ATTEMPT_END,
  reap: ATTEMPT_END,
  'reap-workers': [...ATTEMPT_END, 'workers'],
  'reap-quiet': ['leases', 'settings', 'scheduled'],
  cancel: FINISH,
  'cancel-execution': FINISH,
  retry: FINISH,
  promote: ['jobPrefix', ...PENDING, 'scheduled', ...EVENTS],
  'promote-job': ['jobPrefix', ...PENDING, 'scheduled', ...EVENTS],
  trim: ['jobPrefix', 'idem', 'succeeded', 'failed', 'cancelled', 'skipped'],
  'events-trim': ['events'],
  'trim-executions': ['executionPrefix', 'executionsDone', 'executionsIdem', 'executionsAll', 'refresh'],
  'list-executions': ['executionPrefix', 'executionsAll'],
  'refresh-claim': ['executionPrefix', 'refresh', 'refreshing'],
  'refresh-ack': ['executionPrefix', 'executionsDone', 'refreshing'],
  'refresh-requeue': ['executionPrefix', 'refresh', 'refreshing'],
  'partitions-count': ['partitions'],
  'partitions-add': ['partitions', 'board'],
  'board-report': ['board', 'wake', 'settings'],
  'board-read': ['board', ...WORK],
  'partition-work': WORK,
  'partition-drop': [
    'pending',
    'pendingFifo',
    'pendingFifoDead',
    'pendingFifoGone',
    'scheduled',
    'leases',
    'succeeded',
    'failed',
    'cancelled',
    'blocked',
    'skipped',
    'idem',
    'events',
    'eventsAvg',
    'wake',
    'wakeSeq',
    'seq',
    'workers',
    'executionsDone',
    'executionsAll',
    'executionsIdem',
    'refresh',
    'refreshing',
    'stages',
    'commits',
    'settings',
    'groupPrefix',
    'groupsReady',
    'groupsThrottled',
    'groupsFull',
    'groups',
  ],
  'partitions-retire': ['partitions', 'board'],
  stage: ['jobPrefix', 'idem', ...PENDING, 'scheduled', ...EVENTS, 'stagePrefix', 'stages'],
  'stage-commit': ['jobPrefix', ...PENDING, 'scheduled', ...EVENTS, 'stagePrefix', 'stages', 'commits'],
  'stage-rollback': ['jobPrefix', 'idem', 'stagePrefix', 'stages'],
  'queue-settings': [...GROUPS, 'pending', 'pendingFifo', 'seq'],
  'rate-take': ['settings'],
  'rate-refund': ['settings'],
  'group-update': [...GROUPS, 'pending', 'pendingFifo', 'seq'],
  // schedules: keys of the schedules' own key space (SCHEDULES_KEY_SPACE), never of a queue
  'schedule-put': ['schedulePrefix', 'schedules', 'scheduleNames'],
  'schedule-claim': ['schedulePrefix', 'schedules', 'scheduleSeq'],
  'schedule-settle': ['schedulePrefix', 'schedules'],
  'schedule-pause': ['schedulePrefix', 'schedules'],
  'schedule-delete': ['schedulePrefix', 'schedules', 'scheduleNames'],
  'schedule-record': ['schedulePrefix'],
  // the worker directory: keys of WORKERS_KEY_SPACE, never of a queue
  'workers-forget': ['workerInfo', 'workerBeats'],
  // the audit trail: keys of its own key space (AUDIT_KEY_SPACE)
  'audit-append': ['auditLog', 'auditSeq'],
} as const satisfies Record<string, readonly QueueKeyName[]>;

export type ScriptName = keyof typeof SCRIPT_KEYS;

/** The prelude that names a script's KEYS, in its SCRIPT_KEYS order. */
export function keyPrelude(script: ScriptName): string {
  return SCRIPT_KEYS[script].map((name, i) => `local ${LUA_KEY_NAMES[name]} = KEYS[${i + 1}]`).join('\n');
}

/** The KEYS of `script` for one queue. */
export function scriptKeys(script: ScriptName, keys: RedisQueueKeys): string[] {
  return SCRIPT_KEYS[script].map((name) => keys[name]);
}
