import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A form resolver that loads on first use. The contact and cancellation forms sit on public
 * pages whose first visit should not evaluate zod and build a schema before anyone types:
 * their resolver, zod included, loads when the visitor first focuses the form
 * (`preload`), or at the latest when the form is sent. The app's own forms use zodResolver
 * directly; their pages load zod anyway.
 */
export function lazyResolver<T extends FieldValues>(loadResolver: () => Promise<Resolver<T>>) {
  let loading: Promise<Resolver<T>> | undefined;
  const load = () => {
    // A failed load (offline for a moment) is tried again on the next use.
    loading ??= loadResolver().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<T> = async (values, context, options) => {
    const loaded = await load().catch(() => undefined);
    // Without its code the form still sends: the server checks the same schema and answers in
    // the same words, and a failed request shows the form's own error (docs/design.md).
    return loaded ? loaded(values, context, options) : { values, errors: {} };
  };
  return { resolver, preload: () => void load().catch(() => undefined) };
}

type ZodSchema = Parameters<typeof import("#app/lib/zod.ts").zodResolver>[0];

/** The forms' way to it: zod (through app/lib/zod.ts) and the form's schema load together. */
export function lazyZodResolver<T extends FieldValues>(loadSchema: () => Promise<ZodSchema>) {
  return lazyResolver<T>(async () => {
    // The resolver is taken inside `then`, so the bundler keeps only what it uses; the whole
    // module object would keep every export of zod's namespace, all its locales included.
    const [resolverFor, schema] = await Promise.all([
      import("#app/lib/zod.ts").then(({ zodResolver }) => zodResolver),
      loadSchema(),
    ]);
    return resolverFor(schema) as Resolver<T>;
  });
}
