import { makeMemoryStoreHarness } from '../support/memory-store-harness';
import { describeJobStore } from './job-store.contract';

describeJobStore('MemoryEngine', makeMemoryStoreHarness);
