"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
const typeorm_1 = require("typeorm");
const app_config_1 = require("../../config/app-config");
const history_data_source_options_1 = require("./history-data-source-options");
/**
 * The DataSource the TypeORM CLI loads (`npm run migration:run`, compiled to
 * dist/modules/history/data-source.js). It reads DATABASE_URL through the validated config.
 */
function cliDataSource() {
    const url = (0, app_config_1.loadAppConfig)().databaseUrl;
    if (url === undefined)
        throw new Error('DATABASE_URL is not set: the history migrations need a database');
    return new typeorm_1.DataSource((0, history_data_source_options_1.historyDataSourceOptions)(url));
}
// The CLI wants exactly one DataSource export.
exports.default = cliDataSource();
//# sourceMappingURL=data-source.js.map