/**
 * The one shape for "a value or a failure" on the client side (widget and agent inbox):
 * calls resolve to a Result instead of throwing, and each client names its own failures.
 */
export type Result<T, E> = { ok: true; data: T } | { ok: false; error: E };
