/**
 * Structured JSON logs through pino. nestjs-pino turns Nest's Logger calls into pino records
 * (configureApp: app.useLogger); `useExisting` because the request logger is installed by
 * configureApp as the first express middleware (so that requests refused before Nest routes them,
 * a 401 or the OpenAPI page, are logged too), and nestjs-pino only binds its req.log to the
 * request's log context.
 */
export declare class LoggingModule {
}
