/**
 * The worker runtime: claims jobs of config.queues, runs them with the handlers of their type
 * (@JobHandler methods anywhere in the app, HandlerRegistry.register, the built-in http, noop and
 * sleep types), keeps their leases alive, drains on shutdown. Needs JobStore (QueueModule) and
 * AppConfig (AppConfigModule), both global. Embedding code imports it next to its own handlers.
 */
export declare class ClaimModule {
}
