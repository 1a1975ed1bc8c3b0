package dev.lockkey.examples.specs;

import dev.lockkey.LockKeySpec;

/**
 * Version 2 of {@link PaymentCapture}: captures are now booked per ledger, so the ledger is part of
 * the identity. While version 1 servers still run, version 2 servers lock both versions' keys
 * ({@code VersionRollout.lockingBoth}).
 */
@LockKeySpec(domain = "payment", action = "capture", version = 2)
public interface PaymentCaptureV2 {
  String tenant();

  String ledger();

  long orderId();
}
