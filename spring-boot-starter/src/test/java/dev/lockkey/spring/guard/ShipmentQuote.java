package dev.lockkey.spring.guard;

import dev.lockkey.Fingerprinted;

/** The payload of an idempotent quote: what was asked to be quoted. */
@Fingerprinted
public record ShipmentQuote(long weightGrams, String destination) {}
