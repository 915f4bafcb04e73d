-- Signals: a PUBLISH on the slot's `signals` channel (<prefix>:{<tag>}:signals, named after any
-- key of the slot) tells every instance, in the same atomic step as the change, that something it
-- would otherwise have to poll for is there (Outbox.onSignal, src/modules/queue/redis/redis-outbox.ts, hears them). At
-- most once and best effort, as pub/sub is: an instance that was not listening looks everywhere
-- once it listens again, and now and then anyway.
local function signalSlot(key, what)
  redis.call('PUBLISH', string.match(key, '^(.*}:)') .. 'signals', what)
end
