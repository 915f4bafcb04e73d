import { KeptSubscription, Unsubscribe } from './kept-subscription';

describe('KeptSubscription', () => {
  it('tries again after each failure until it holds, telling each failure with the wait', async () => {
    const errors: string[] = [];
    let tries = 0;
    const ended = vi.fn(async () => undefined);
    const kept = new KeptSubscription(
      async () => {
        tries++;
        if (tries < 3) throw new Error(`refused ${tries}`);
        return ended;
      },
      { retryMs: 10, onError: (error, retryMs) => errors.push(`${(error as Error).message} ${retryMs}`) },
    );
    expect(kept.listening).toBe(false);
    kept.start();
    await vi.waitFor(() => expect(kept.listening).toBe(true));
    expect(errors).toEqual(['refused 1 10', 'refused 2 10']);
    await kept.stop();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(kept.listening).toBe(false);
  });

  it('ends a subscription that comes after stop(), and tries no more once stopped', async () => {
    let resolve!: (unsubscribe: Unsubscribe) => void;
    const subscribe = vi.fn(() => new Promise<Unsubscribe>((r) => (resolve = r)));
    const kept = new KeptSubscription(subscribe, { retryMs: 10, onError: () => undefined });
    kept.start();
    const stopping = kept.stop();
    const ended = vi.fn(async () => undefined);
    resolve(ended);
    await stopping;
    expect(ended).toHaveBeenCalledTimes(1);
    expect(kept.listening).toBe(false);
    kept.start();
    expect(subscribe).toHaveBeenCalledTimes(1);
  });

  it('stops trying when stopped between two tries', async () => {
    const subscribe = vi.fn(async (): Promise<Unsubscribe> => {
      throw new Error('down');
    });
    const kept = new KeptSubscription(subscribe, { retryMs: 20, onError: () => undefined });
    kept.start();
    await vi.waitFor(() => expect(subscribe).toHaveBeenCalledTimes(1));
    await kept.stop();
    await new Promise((r) => setTimeout(r, 60));
    expect(subscribe).toHaveBeenCalledTimes(1);
  });
});
