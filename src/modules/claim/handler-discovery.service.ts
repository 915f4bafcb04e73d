import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { HandlerRegistry } from './handler-registry';
import { JobHandlerFn } from './job-context';
import { JOB_HANDLER_METADATA } from './job-handler.decorator';

/** Registers every @JobHandler method of the application's providers, bound to its instance. */
@Injectable()
export class HandlerDiscoveryService implements OnModuleInit {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly registry: HandlerRegistry,
  ) {}

  onModuleInit(): void {
    const seen = new Set<object>();
    for (const wrapper of this.discovery.getProviders()) {
      const instance: unknown = wrapper.instance;
      // request-scoped providers have no instance to call; one instance may sit under two tokens
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic() || seen.has(instance)) continue;
      seen.add(instance);
      const prototype = Object.getPrototypeOf(instance) as object | null;
      if (!prototype) continue;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const method = (instance as Record<string, unknown>)[name];
        if (typeof method !== 'function') continue;
        const type = this.reflector.get<string | undefined>(JOB_HANDLER_METADATA, method as JobHandlerFn);
        if (type) this.registry.register(type, (method as JobHandlerFn).bind(instance));
      }
    }
  }
}
