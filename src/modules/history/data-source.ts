import { DataSource } from 'typeorm';
import { loadAppConfig } from '../../config/app-config';
import { historyDataSourceOptions } from './history-data-source-options';

/**
 * The DataSource the TypeORM CLI loads (`npm run migration:run`, compiled to
 * dist/modules/history/data-source.js). It reads DATABASE_URL through the validated config.
 */
function cliDataSource(): DataSource {
  const url = loadAppConfig().databaseUrl;
  if (url === undefined) throw new Error('DATABASE_URL is not set: the history migrations need a database');
  return new DataSource(historyDataSourceOptions(url));
}

// The CLI wants exactly one DataSource export.
export default cliDataSource();
