import { describeJobsApi } from './jobs-api.scenarios';

describeJobsApi('memory', () => ({ JOB_STORE: 'memory' }));
