import { describeJobGraphsApi } from './job-graphs-api.scenarios';

describeJobGraphsApi('memory', () => ({ JOB_STORE: 'memory' }));
