package dev.lockkey.processor.guards;

import dev.lockkey.processor.specs.PaymentCapture;

/** A request that carries a capture's identity and more: it implements the spec, so it supplies the whole key. */
public record CaptureRequest(String tenant, long orderId, String note) implements PaymentCapture {}
