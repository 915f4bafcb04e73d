"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.DOCS_JSON_PATH = exports.DOCS_PATH = void 0;
exports.createOpenApiDocument = createOpenApiDocument;
exports.setupOpenApi = setupOpenApi;
const swagger_1 = require("@nestjs/swagger");
exports.DOCS_PATH = 'docs';
exports.DOCS_JSON_PATH = 'docs-json';
/** The OpenAPI document, generated from the controllers and DTOs of the modules this app runs. */
function createOpenApiDocument(app, config) {
    const builder = new swagger_1.DocumentBuilder()
        .setTitle('claimq')
        .setDescription('A job service: submit jobs, read their state and history, watch queues. ' +
        'With API_KEYS set, every route except /health/* and /metrics needs `Authorization: Bearer <key>`.')
        .setVersion('1')
        .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'One of API_KEYS' });
    if (config.apiKeys.length > 0)
        builder.addSecurityRequirements('bearer');
    return swagger_1.SwaggerModule.createDocument(app, builder.build());
}
/** Serves the document at /docs-json and the Swagger UI at /docs. */
function setupOpenApi(app, config) {
    swagger_1.SwaggerModule.setup(exports.DOCS_PATH, app, () => createOpenApiDocument(app, config), { jsonDocumentUrl: exports.DOCS_JSON_PATH });
}
//# sourceMappingURL=openapi.js.map