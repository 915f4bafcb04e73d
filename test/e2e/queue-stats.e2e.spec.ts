import { describeQueueStatsApi } from './queue-stats-api.scenarios';

describeQueueStatsApi('memory', () => ({ JOB_STORE: 'memory' }));
