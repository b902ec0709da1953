/** Any function that answers later: the only kind an effect loaded on its first call can be. */
type Async = (...args: never[]) => Promise<unknown>;

/**
 * Effects whose module is loaded with their first call: the screens that use them are reached by
 * few (the checkout), and their code (and the contract schemas it decodes with) stays out of the
 * app's first chunk, which every page loads. `methods` names each one (the compiler checks the
 * list is whole); a failed load rejects that call, and the next call tries again.
 */
export function lazyEffects<T extends { [K in keyof T]: Async }>(load: () => Promise<T>, methods: { readonly [K in keyof T]: true }): T {
  let loading: Promise<T> | null = null;
  const loaded = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    }));
  const effects: Partial<Record<keyof T, Async>> = {};
  for (const name of Object.keys(methods) as (keyof T)[]) {
    effects[name] = async (...args: never[]) => {
      const target = await loaded();
      return target[name](...args);
    };
  }
  return effects as T;
}
