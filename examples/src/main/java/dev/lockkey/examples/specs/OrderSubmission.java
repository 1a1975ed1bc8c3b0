package dev.lockkey.examples.specs;

import dev.lockkey.LockKeySpec;

/**
 * The submission of one order: a client retries it after a timeout, a load balancer sends the
 * retry to another server; the order must be placed once.
 */
@LockKeySpec(domain = "order", action = "submit")
public interface OrderSubmission {
  String tenant();

  String orderId();
}
