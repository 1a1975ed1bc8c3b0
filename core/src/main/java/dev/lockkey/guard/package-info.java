/**
 * Method annotations whose keys the compiler checks: {@link dev.lockkey.guard.Locked @Locked},
 * {@link dev.lockkey.guard.SingleFlighted @SingleFlighted},
 * {@link dev.lockkey.guard.RateLimited @RateLimited} and
 * {@link dev.lockkey.guard.Idempotent @Idempotent} on a method,
 * {@link dev.lockkey.guard.KeyField @KeyField} on a parameter.
 *
 * <p>{@code lockkey-processor} checks at compile time that the method's parameters supply every
 * identity field of the spec named in the annotation, and writes {@code XxxGuards} next to the
 * annotated class {@code Xxx}: one static method per annotated method that builds its key through
 * the key class's own factory, and a {@link dev.lockkey.guard.MethodGuards} table of them. A
 * {@link dev.lockkey.guard.GuardInvoker} runs a call under its guard, with no reflection and no
 * expression parsing per call; an interceptor (the Spring Boot starter's, or your own) only looks
 * the table up once per method.
 */
package dev.lockkey.guard;
