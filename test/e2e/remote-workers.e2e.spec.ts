import { describeRemoteWorkersApi } from './remote-workers-api.scenarios';

describeRemoteWorkersApi('memory', () => ({ JOB_STORE: 'memory' }));
