/** The store error rules live with the store (the reaper needs them too). */
export { errorText, isTransientStoreError } from '../queue/store-errors';
