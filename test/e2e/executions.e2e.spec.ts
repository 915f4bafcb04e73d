import { describeExecutionsApi } from './executions-api.scenarios';

describeExecutionsApi('memory', () => ({ JOB_STORE: 'memory' }));
