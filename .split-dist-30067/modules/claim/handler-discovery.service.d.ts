import { OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { HandlerRegistry } from './handler-registry';
/** Registers every @JobHandler method of the application's providers, bound to its instance. */
export declare class HandlerDiscoveryService implements OnModuleInit {
    private readonly discovery;
    private readonly scanner;
    private readonly reflector;
    private readonly registry;
    constructor(discovery: DiscoveryService, scanner: MetadataScanner, reflector: Reflector, registry: HandlerRegistry);
    onModuleInit(): void;
}
