import { describeJobOpsApi } from './job-ops-api.scenarios';

describeJobOpsApi('memory', () => ({ JOB_STORE: 'memory' }));
