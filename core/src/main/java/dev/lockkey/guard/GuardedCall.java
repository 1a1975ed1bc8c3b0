package dev.lockkey.guard;

/**
 * The original method call that a {@link GuardInvoker} runs under its guard, e.g. an
 * interceptor's {@code invocation::proceed}. It reads the arguments from the array given to
 * {@link GuardInvoker#invoke}, into which the invoker has written the lease for a {@code Lease}
 * parameter.
 */
@FunctionalInterface
public interface GuardedCall {

  /**
   * Runs the method and returns what it returned ({@code null} for {@code void}).
   *
   * @return the method's result, {@code null} for {@code void}
   * @throws Exception whatever the method threw, unchanged
   */
  Object proceed() throws Exception;
}
