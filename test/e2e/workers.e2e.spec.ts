import { describeWorkersApi } from './workers-api.scenarios';

describeWorkersApi('memory', () => ({ JOB_STORE: 'memory' }));
