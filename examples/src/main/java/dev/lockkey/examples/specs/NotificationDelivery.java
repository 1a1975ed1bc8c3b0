package dev.lockkey.examples.specs;

import dev.lockkey.LockKeySpec;

/**
 * One notification per event, receiver and channel: a redelivered message must not notify twice,
 * but the same event may reach the same receiver by e-mail and by SMS.
 */
@LockKeySpec(domain = "notification", action = "deliver")
public interface NotificationDelivery {
  String eventId();

  String receiver();

  Channel channel();
}
